import './import.css';
import '../../../i18n/workspace.ts';
import { TRADER_KINDS, type TraderKind } from '@steelport/contracts';
import { Segmented, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmStep, DoneStep, RunningStep } from './CommitSteps.tsx';
import { KIND_LISTS } from './importRules.ts';
import { PreviewStep } from './PreviewStep.tsx';
import { UploadStep } from './UploadStep.tsx';
import { STEPS, useImportWizard } from './useImportWizard.ts';

/**
 * /account/import?kind=cargo|surplus|quotation, the import wizard: 上传 (limits shown first, a
 * template per kind) → 预览 (counts, every row error with its row and column; nothing written) →
 * 确认 (追加 or 替换, replace confirmed) → 导入中 (progress polled every 500 ms) → 完成. A sheet
 * with errors cannot be committed: the server writes a sheet whole or not at all. The state is
 * `useImportWizard`'s; each step is a component of its own.
 */
export function AccountImportPage() {
  const { t } = useTranslation();
  const wizard = useImportWizard();
  const { kind, kindName, step, preview, current } = wizard;

  return (
    <section className="sp-box" aria-labelledby="import-title">
      <h2 className="sp-box__title" id="import-title">
        {t('workspace.import.title', { kind: kindName })}
        <Link to={KIND_LISTS[kind].own} className="sp-import__titlelink">
          {t('workspace.import.toList', { kind: kindName })}
        </Link>
      </h2>
      <div className="sp-box__body sp-import">
        <Segmented<TraderKind>
          aria-label={t('workspace.import.kindLabel')}
          className="sp-import__kinds"
          value={kind}
          disabled={step === 'running'}
          onChange={wizard.pickKind}
          options={TRADER_KINDS.map((value) => ({ value, label: t(`workspace.kinds.${value}`) }))}
        />
        <Steps
          className="sp-import__steps"
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={STEPS.indexOf(step)}
          status={step === 'done' ? (current?.state === 'failed' ? 'error' : 'finish') : undefined}
          items={STEPS.map((key) => ({ title: t(`workspace.import.steps.${key}`) }))}
        />
        {step === 'upload' && <UploadStep wizard={wizard} />}
        {step === 'preview' && preview && <PreviewStep wizard={wizard} preview={preview} />}
        {step === 'confirm' && preview && <ConfirmStep wizard={wizard} preview={preview} />}
        {step === 'running' && current && <RunningStep wizard={wizard} current={current} />}
        {step === 'done' && current && <DoneStep wizard={wizard} current={current} />}
      </div>
    </section>
  );
}
