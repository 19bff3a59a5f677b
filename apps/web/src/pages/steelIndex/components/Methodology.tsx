import '../../../i18n/indexMethod.ts';
import type { IndexMethodology } from '@steelport/contracts';
import { Skeleton, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useIndexInfo } from '../../../api/steelIndex.ts';
import { sourceLabel } from '../../../components/steelIndex/Disclosure.tsx';
import { formatPercent } from '../../../lib/numbers.ts';
import { CorrectionNotes } from './CorrectionNotes.tsx';

const AFTER = ['points', 'weights', 'changes', 'composite', 'saturation', 'audit', 'access'] as const;

/** The thresholds the texts name, formatted: read from the API, so the page and the job agree. */
function numbers(m: IndexMethodology) {
  return {
    minQuotes: m.minQuotes,
    deviations: m.outlierDeviations,
    floor: formatPercent(m.minDeviationShare),
    change: formatPercent(m.provisionalChange),
    confirm: m.confirmSamples,
  };
}

/**
 * The methodology (指数说明): how every published figure is computed, in plain words (Chinese or
 * English). The input hierarchy (method 3.0: matched quotations like for like, then the
 * listings' chain, then carried), the outlier rule and the provisional rule take their order,
 * thresholds and version from `indexInfo.methodology` (the method the served days were computed
 * with); the rules' words are the steelIndex.method texts (i18n/indexMethod.ts). A module of its
 * own, loaded when its tab opens (`pages/steelIndex/index.tsx`), with its corrections' list.
 */
export function Methodology() {
  const { t } = useTranslation();
  const info = useIndexInfo();
  const method = info.data?.methodology;
  return (
    <article className="sp-box sp-methodology">
      <h2 className="sp-box__title sp-methodology__title">
        <span>{t('steelIndex.method.title')}</span>
        {method && <Tag color="blue">{t('steelIndex.method.version', { version: method.version })}</Tag>}
      </h2>
      <div className="sp-box__body">
        <section>
          <h3>1. {t('steelIndex.method.sections.sample.title')}</h3>
          <p>{t('steelIndex.method.sections.sample.text')}</p>
        </section>
        {method ? (
          <MethodRules t={t} method={method} />
        ) : info.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 9 }} />
        ) : (
          <p className="sp-muted">{t('steelIndex.method.unavailable')}</p>
        )}
        {AFTER.map((key, i) => (
          <section key={key}>
            <h3>
              {i + 5}. {t(`steelIndex.method.sections.${key}.title`)}
            </h3>
            <p>{t(`steelIndex.method.sections.${key}.text`)}</p>
          </section>
        ))}
        <CorrectionNotes number={AFTER.length + 5} />
      </div>
    </article>
  );
}

/** Sections 2-4: the hierarchy in the method's order, outliers and provisional days. */
function MethodRules({ t, method }: { t: TFunction; method: IndexMethodology }) {
  const values = numbers(method);
  return (
    <>
      <section>
        <h3>2. {t('steelIndex.method.hierarchy.title')}</h3>
        <p>{t('steelIndex.method.hierarchy.intro')}</p>
        <ol className="sp-method-hierarchy">
          {method.hierarchy.map((source) => (
            <li key={source}>
              <strong>{t(`steelIndex.method.hierarchy.${source}.when`)}</strong>
              <span aria-hidden> → </span>
              <Tag>{sourceLabel(t, source)}</Tag>
              <p>{t(`steelIndex.method.hierarchy.${source}.text`, values)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3>3. {t('steelIndex.method.outliers.title')}</h3>
        <p>{t('steelIndex.method.outliers.text', values)}</p>
      </section>
      <section>
        <h3>4. {t('steelIndex.method.provisional.title')}</h3>
        <p>{t('steelIndex.method.provisional.text', values)}</p>
      </section>
    </>
  );
}
