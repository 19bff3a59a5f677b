/** The end-to-end hook that lifts the SMS wait (TEST_HOOKS only): the browser suite sends from one address. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp({ TEST_HOOKS: '1' });

const send = (phone: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uaa/sms/send',
    payload: { phone, purpose: 'reset' },
    remoteAddress: '10.0.2.1',
  });

describe('POST /api/test/sms/clear-wait', () => {
  it('lets the same client send the next code at once', async () => {
    expect((await send('13911200001')).json().code).toBe(0);
    expect((await send('13911200001')).json().code).toBe(7);
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/test/sms/clear-wait',
      payload: { phone: '13911200001' },
      remoteAddress: '10.0.2.1',
    });
    expect(cleared.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await send('13911200001')).json().code).toBe(0);
  });
});
