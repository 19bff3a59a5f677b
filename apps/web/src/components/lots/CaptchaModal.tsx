import { lazy, Suspense, useState } from 'react';
import { withScreenTexts } from '../../i18n/index.ts';

const CaptchaDialog = lazy(() =>
  withScreenTexts(() => import('./CaptchaDialog.tsx'))().then((module) => ({
    default: module.CaptchaDialog,
  })),
);

/**
 * Anti-scraping check: after too many searches a minute the server answers code 7 until an image
 * captcha is passed; `onPassed` then runs the searches again. The dialog (antd's Modal and Input)
 * loads the first time it opens: most visits never see it.
 */
export function CaptchaModal(props: { open: boolean; onPassed: () => void; onCancel: () => void }) {
  const [asked, setAsked] = useState(false);
  if (props.open && !asked) setAsked(true);
  if (!asked && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <CaptchaDialog {...props} />
    </Suspense>
  );
}
