import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a screen shows when its data could not be loaded: the reason (the server's message, or
 * the client's network text) and 重试, which asks again. `warning` when the screen still has
 * something to show (a running import whose progress could not be read).
 */
export function LoadError({
  error,
  onRetry,
  type = 'error',
}: {
  error: Error;
  onRetry: () => unknown;
  type?: 'error' | 'warning';
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type={type}
      showIcon
      title={error.message}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {t('api.retry')}
        </Button>
      }
    />
  );
}
