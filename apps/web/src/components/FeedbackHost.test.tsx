// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { feedbackWanted, publishFeedback, useFeedback } from '../lib/feedback.ts';
import { FeedbackHost } from './FeedbackHost.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  publishFeedback(null);
});

describe('the feedback host', () => {
  it('keeps the page when antd’s App cannot be fetched, and asks again at the next toast', async () => {
    let asked = 0;
    const offline = () => {
      asked += 1;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    };
    const host = document.createElement('div');
    root = createRoot(host);
    act(() =>
      root!.render(
        <>
          <p>行情</p>
          <FeedbackHost notificationDuration={4.5} load={offline} />
        </>,
      ),
    );
    const { message } = useFeedback();
    await act(async () => message.error('网络异常，请稍后重试'));
    expect(asked).toBe(1);
    expect(host.textContent).toBe('行情');
    expect(feedbackWanted()).toBe(false);

    // The next toast asks for the chunk again; its call and the first wait for it, in order.
    await act(async () => message.error('请求超时'));
    expect(asked).toBe(2);
    expect(host.textContent).toBe('行情');
    const shown: unknown[] = [];
    publishFeedback({ message: { error: (text: unknown) => shown.push(text) } } as never);
    expect(shown).toEqual(['网络异常，请稍后重试', '请求超时']);
  });
});
