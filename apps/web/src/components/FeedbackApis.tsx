/**
 * antd's App without its wrapper (`component={false}`: the portal's root is AppRoot in App.tsx):
 * its message, notification and confirm holders, handed to lib/feedback.ts. Loaded by
 * FeedbackHost when first needed.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { publishFeedback } from '../lib/feedback.ts';

function Publish() {
  const apis = App.useApp();
  useEffect(() => {
    publishFeedback(apis);
    return () => publishFeedback(null);
  }, [apis]);
  return null;
}

/** The holders, themed and localised by the ConfigProvider above; `notificationDuration` in s. */
export function FeedbackApis({ notificationDuration }: { notificationDuration: number }) {
  return (
    <App component={false} notification={{ duration: notificationDuration }}>
      <Publish />
    </App>
  );
}
