/** QR login across a desktop (polls) and a phone (scans, confirms), and secrets at rest. */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { useTestApp } from '../../test/app.ts';
import { makeUser } from '../../test/factories.ts';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

async function createQr() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uaa/login/wechatXcxTempQrLoginCreate?clientId=3',
  });
  return res.json().data as { tempCode: string; qrImage: string; qrUrl: string; expiresInSeconds: number };
}

const query = (tempCode: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uaa/login/wechatXcxTempQrLoginQuery',
    payload: { clientId: 3, tempCode },
  });

const phoneSays = (token: string, tempCode: string, extra: Record<string, boolean> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uaa/login/wechatXcxTempQrLoginConfirm',
    headers: { 'x-token': token },
    payload: { clientId: 3, tempCode, ...extra },
  });

describe('QR login', () => {
  it('creates a QR image of our mobile confirm page that lives 120 s', async () => {
    const qr = await createQr();
    expect(qr.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(qr.qrUrl).toBe(`${t.config.publicUrl}/m/qr/${qr.tempCode}?clientId=3`);
    expect(qr.expiresInSeconds).toBe(120);
    expect((await query(qr.tempCode)).json().data).toEqual({ state: 'waiting' });
  });

  it('goes waiting -> scanned -> confirmed and gives the token exactly once', async () => {
    const phone = await makeUser(t.db, { linkMan: '孙丽' });
    const qr = await createQr();
    expect((await phoneSays(phone.token, qr.tempCode, { scan: true })).json().data).toEqual({
      state: 'scanned',
    });
    expect((await query(qr.tempCode)).json().data).toEqual({ state: 'scanned' });
    expect((await phoneSays(phone.token, qr.tempCode)).json().data).toEqual({ state: 'confirmed' });

    const first = (await query(qr.tempCode)).json().data;
    expect(first.state).toBe('confirmed');
    expect(first.user.linkMan).toBe('孙丽');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/web/user/myInfo',
      headers: { 'x-token': first.token },
    });
    expect(me.json().data.id).toBe(phone.id);

    const second = (await query(qr.tempCode)).json().data;
    expect(second).toEqual({ state: 'confirmed' });
  });

  it('lets the phone cancel, after which it cannot confirm', async () => {
    const phone = await makeUser(t.db);
    const qr = await createQr();
    expect((await phoneSays(phone.token, qr.tempCode, { cancel: true })).json().data.state).toBe('cancelled');
    expect((await query(qr.tempCode)).json().data).toEqual({ state: 'cancelled' });
    expect((await phoneSays(phone.token, qr.tempCode)).json()).toMatchObject({
      code: 1,
      message: '该二维码已取消',
    });
  });

  it('cannot be confirmed once expired, and the desktop hears expired', async () => {
    const phone = await makeUser(t.db);
    const qr = await createQr();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 121 * 1000);
    const late = await phoneSays(phone.token, qr.tempCode);
    expect(late.json()).toMatchObject({ code: 1, message: '二维码已过期，请在电脑上刷新二维码' });
    expect((await query(qr.tempCode)).json().data).toEqual({ state: 'expired' });
  });

  it('needs a logged-in phone to confirm, and answers unknown codes as expired', async () => {
    const qr = await createQr();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/login/wechatXcxTempQrLoginConfirm',
      payload: { clientId: 3, tempCode: qr.tempCode },
    });
    expect(anonymous.json().code).toBe(4);
    expect((await query('A'.repeat(24))).json().data).toEqual({ state: 'expired' });
    const bad = await query('bad code!');
    expect(bad.json().code).toBe(2);
  });
});

describe('secrets at rest', () => {
  it('never stores or logs a password or a token in plain text', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ ...t.config, logLevel: 'trace' }, t.database, {
      logger: { level: 'trace', stream },
    });
    const password = 'Secret9876';
    await app.inject({
      method: 'POST',
      url: '/api/uaa/sms/send',
      payload: { phone: '13922220001', purpose: 'register' },
    });
    const mail = (await app.inject({ method: 'GET', url: '/api/dev/sms/latest?phone=13922220001' })).json()
      .data;
    const code = /(\d{6})/.exec(mail.text)![1];
    const reg = await app.inject({
      method: 'POST',
      url: '/api/uaa/register',
      payload: { phone: '13922220001', code, password, linkMan: '钱' },
    });
    const { token } = reg.json().data;
    await app.inject({ method: 'GET', url: '/api/web/user/myInfo', headers: { 'x-token': token } });
    await app.inject({
      method: 'POST',
      url: '/api/uaa/login/password',
      payload: { phone: '13922220001', password },
    });
    await app.close();

    const dump = JSON.stringify(await t.db.execute(sql`select * from users, sessions`));
    expect(dump).not.toContain(password);
    expect(dump).not.toContain(token);
    expect(dump).toContain('$argon2id$');
    const logs = lines.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(token);
  });
});
