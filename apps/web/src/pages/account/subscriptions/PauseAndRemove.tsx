import '../../../i18n/subscription.ts';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubscriptionChange } from '../../../api/subscription.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/** 暂停/恢复 and 删除 (asked first: its messages go with it) of a saved search or an alert. */
export function PauseAndRemove({
  paused,
  onPause,
  onRemove,
}: {
  paused: boolean;
  onPause: (paused: boolean) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const change = useSubscriptionChange(onPause);
  const remove = useSubscriptionChange(onRemove);
  return (
    <>
      <Button
        type="link"
        loading={change.isPending}
        onClick={() =>
          change.mutate(!paused, {
            onSuccess: () =>
              void message.success(
                paused ? t('subscription.subs.resumedDone') : t('subscription.subs.pausedDone'),
              ),
          })
        }
      >
        {paused ? t('subscription.subs.resume') : t('subscription.subs.pause')}
      </Button>
      <Popconfirm
        title={t('subscription.subs.removeConfirm')}
        okText={t('subscription.subs.remove')}
        cancelText={t('subscription.subs.cancel')}
        onConfirm={() =>
          remove.mutateAsync(undefined, {
            onSuccess: () => void message.success(t('subscription.subs.removed')),
          })
        }
      >
        <Button type="link" danger loading={remove.isPending}>
          {t('subscription.subs.remove')}
        </Button>
      </Popconfirm>
    </>
  );
}
