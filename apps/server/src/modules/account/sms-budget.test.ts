/**
 * The global hourly SMS budget (issue 28 row 11, SMS pumping): past SMS_HOURLY_BUDGET codes an
 * hour nobody gets one, however many addresses ask, and operators find one alert in the audit
 * log (and a log line) per exhausted hour.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp({ SMS_HOURLY_BUDGET: '3' });

const send = (phone: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uaa/sms/send',
    payload: { phone, purpose: 'register' },
    remoteAddress: ip,
  });

describe('global hourly SMS budget', () => {
  it('stops sends from twenty addresses in parallel at the budget and raises one alert', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(`139333300${String(i).padStart(2, '0')}`, `10.3.0.${i + 1}`)),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    const refused = answers.find((a) => a.json().code !== 0)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 7,
      message: '短信发送繁忙，请稍后再试',
      data: null,
      requestId: expect.any(String),
    });

    let delivered = 0;
    for (let i = 0; i < 20; i++) {
      const phone = `139333300${String(i).padStart(2, '0')}`;
      const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${phone}` });
      if (mailbox.json().data) delivered++;
    }
    expect(delivered).toBe(3);

    expect((await send('13933330099', '10.3.1.1')).json().code).toBe(7);
    const alerts = await t.db.select().from(auditLog).where(eq(auditLog.action, 'sms.budget_exhausted'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ entity: 'sms', actorUserId: null, after: { budget: 3 } });
  });
});
