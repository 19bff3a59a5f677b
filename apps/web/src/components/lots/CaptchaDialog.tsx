import '../../i18n/market.ts';
import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptcha, useCheckCaptcha } from '../../api/lots.ts';

/** The captcha SVG as an image: an <img> never runs what the document might contain. */
function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * (CaptchaModal's dialog, loaded when the captcha is first asked for.) Anti-scraping check: after too many searches a minute the server answers code 7 until this
 * image captcha is passed (checkImg); `onPassed` then runs the searches again.
 */
export function CaptchaDialog({
  open,
  onPassed,
  onCancel,
}: {
  open: boolean;
  onPassed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const captcha = useCaptcha(attempt, open);
  const check = useCheckCaptcha();

  const next = () => {
    setAttempt((n) => n + 1);
    setText('');
  };
  const submit = async () => {
    if (!captcha.data || !text.trim()) return;
    try {
      const result = await check.mutateAsync({ captchaId: captcha.data.captchaId, text: text.trim() });
      if (result.passed) {
        setWrong(false);
        next();
        onPassed();
        return;
      }
      setWrong(true);
    } catch {
      setWrong(true);
    }
    // A captcha answers once; a wrong answer gets a new image.
    next();
  };

  return (
    <Modal
      open={open}
      title={t('lots.captcha.title')}
      okText={t('lots.captcha.submit')}
      cancelText={t('lots.contact.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      okButtonProps={{ disabled: !captcha.data || !text.trim(), loading: check.isPending }}
      destroyOnHidden
    >
      <p>{t('lots.captcha.hint')}</p>
      <div className="sp-lots__captcha">
        {captcha.data ? (
          <img src={svgSource(captcha.data.svg)} alt={t('lots.captcha.image')} data-testid="captcha-image" />
        ) : captcha.isError ? (
          <span className="sp-muted">{t('lots.captcha.loadError')}</span>
        ) : (
          <span className="sp-muted">…</span>
        )}
        <Button size="small" onClick={next}>
          {t('lots.captcha.refresh')}
        </Button>
      </div>
      <Input
        value={text}
        maxLength={10}
        autoFocus
        aria-label={t('lots.captcha.placeholder')}
        placeholder={t('lots.captcha.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => void submit()}
      />
      {wrong && <Alert type="error" showIcon title={t('lots.captcha.wrong')} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
