import '../../../i18n/workspace.ts';
import type { ImportMode, ImportPreview, ImportStatus, TraderKind } from '@steelport/contracts';
import { TRADER_LIMITS } from '@steelport/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { traderKeys } from '../../../api/trader.ts';
import {
  downloadImportTemplate,
  useCommitImport,
  useImportStatus,
  usePreviewImport,
} from '../../../api/workspace.ts';
import { saveDownloadedFile } from '../../../components/admin/saveDownloadedFile.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatFileSize } from '../../../lib/numbers.ts';
import { checkSheetFile, kindFromQuery } from './importRules.ts';

export const STEPS = ['upload', 'preview', 'confirm', 'running', 'done'] as const;
export type Step = (typeof STEPS)[number];

/**
 * The state of the import wizard: the kind (in the URL), the step, the preview, the mode, whether
 * a sheet with errors imports only its good rows (`skipErrors`; all or nothing by default), the
 * commit and its progress, and every error the screens show. A new kind starts over; the end of
 * an import refetches what it changed (`traderKeys.invalidateAfterImport`).
 */
export function useImportWizard() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kind = kindFromQuery(params.get('kind'));
  const kindName = t(`workspace.kinds.${kind}`);

  const [step, setStep] = useState<Step>('upload');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [mode, setMode] = useState<ImportMode>('append');
  const [skipErrors, setSkipErrors] = useState(false);
  const [commitError, setCommitError] = useState<string | null>(null);
  const [committed, setCommitted] = useState<ImportStatus | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);

  const previewCall = usePreviewImport();
  const commitCall = useCommitImport();
  // Keyed by the import, not the step: the result screen shows the last word the poll had.
  const status = useImportStatus(committed?.importId ?? null, committed);
  const current = status.data ?? committed;

  // A new kind starts over: a preview of stock cannot be committed as quotes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the kind changes
  useEffect(() => {
    setStep('upload');
    setPreview(null);
    setUploadError(null);
    setCommitError(null);
    setCommitted(null);
    setMode('append');
    setSkipErrors(false);
  }, [kind]);

  // The poll saw the end of the import.
  useEffect(() => {
    if (step === 'running' && current && current.state !== 'running') {
      setStep('done');
      void traderKeys.invalidateAfterImport(queryClient, kind);
    }
  }, [step, current, queryClient, kind]);

  const pickKind = (next: TraderKind) => {
    const query = new URLSearchParams(params);
    query.set('kind', next);
    setParams(query, { replace: true });
  };

  const send = (file: File) => {
    setUploadError(null);
    const problem = checkSheetFile(file);
    if (problem?.reason === 'type') {
      setUploadError(t('workspace.import.wrongType'));
      return;
    }
    if (problem?.reason === 'size') {
      setUploadError(
        t('workspace.import.tooBig', {
          size: formatFileSize(problem.size),
          limit: formatFileSize(TRADER_LIMITS.importFileBytes),
        }),
      );
      return;
    }
    previewCall.mutate(
      { kind, file },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setSkipErrors(false);
          setCommitError(null);
          setStep('preview');
        },
        onError: (error) => setUploadError(error.message),
      },
    );
  };

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      saveDownloadedFile(
        await downloadImportTemplate(kind),
        t('workspace.import.templateFile', { kind: kindName }),
      );
    } catch (error) {
      setUploadError(
        t('workspace.import.templateFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setTemplateBusy(false);
    }
  };

  const commit = () => {
    if (!preview) return;
    setCommitError(null);
    commitCall.mutate(
      { importId: preview.importId, mode, skipErrors: skipErrors && preview.errorCount > 0 },
      {
        onSuccess: (answer) => {
          setCommitted(answer);
          if (answer.state === 'running') setStep('running');
          else {
            setStep('done');
            void traderKeys.invalidateAfterImport(queryClient, kind);
          }
        },
        onError: (error) =>
          setCommitError(
            error instanceof ApiError && error.status === 404 ? t('workspace.import.expired') : error.message,
          ),
      },
    );
  };

  const confirmCommit = () => {
    if (mode !== 'replace' || !preview) {
      commit();
      return;
    }
    modal.confirm({
      title: t('workspace.import.replaceConfirmTitle', { kind: kindName }),
      content: t('workspace.import.replaceConfirm', { kind: kindName, count: preview.valid }),
      okText: t('workspace.import.replaceOk'),
      okButtonProps: { danger: true },
      cancelText: t('workspace.import.cancel'),
      onOk: commit,
    });
  };

  const restart = () => {
    setStep('upload');
    setPreview(null);
    setCommitted(null);
    setCommitError(null);
    setUploadError(null);
  };

  return {
    kind,
    kindName,
    step,
    setStep,
    preview,
    mode,
    setMode,
    skipErrors,
    setSkipErrors,
    uploadError,
    commitError,
    /** the import as last seen: the commit's answer, then the poll's */
    current,
    status,
    templateBusy,
    reading: previewCall.isPending,
    committing: commitCall.isPending,
    /** a preview that cannot be committed: no good row, or rows with errors and all or nothing */
    blocked: preview !== null && (preview.valid === 0 || (preview.errorCount > 0 && !skipErrors)),
    pickKind,
    send,
    getTemplate,
    confirmCommit,
    restart,
  };
}

/** The wizard's state and actions, as the steps receive them. */
export type ImportWizard = ReturnType<typeof useImportWizard>;
