/**
 * End-to-end test hooks, registered only when TEST_HOOKS is on (refused in production by the
 * config). A browser test needs real sessions, including already expired ones, which no public
 * endpoint can give it, SMS codes without the minute's wait between two of them, and the login
 * captcha: a phone guessed from elsewhere (the suite has one address) and the images' answers.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CAPTCHA_REQUIRED_MESSAGE,
  Envelope,
  ErrorEnvelope,
  ErrorResponses,
  MyInfo,
} from '@steelport/contracts';
import { Type } from 'typebox';
import { SECOND_MS } from '../../dates.ts';
import { BusinessError, NotFound } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { say } from '../../text.ts';
import { sessionForPhone } from '../account/service.ts';
import { clearSendWait } from '../account/sms.ts';
import { expirePaymentNow } from '../vip/service.ts';

/** Wrong passwords the guessing hook tries at most before it gives up (the phone asks after 5). */
const MAX_GUESSES = 20;

const testHooksModule: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/test/session',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({
          phone: Type.String({ pattern: '^1\\d{10}$' }),
          ttlSeconds: Type.Optional(Type.Integer({ minimum: -86400, maximum: 604800 })),
        }),
        response: { 200: Envelope(Type.Object({ token: Type.String(), user: MyInfo })), 404: ErrorEnvelope },
      },
    },
    async (request) => {
      const ttl = request.body.ttlSeconds;
      const login = await sessionForPhone(
        app.db,
        request.body.phone,
        ttl === undefined ? {} : { ttlMs: ttl * SECOND_MS },
      );
      if (!login) throw new NotFound(say('用户不存在', 'User not found'));
      return ok(login);
    },
  );

  // The browser suite sends every SMS code from one address: the next code need not wait 60 s.
  app.post(
    '/api/test/sms/clear-wait',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({ phone: Type.String({ pattern: '^1\\d{10}$' }) }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await clearSendWait(app.store, request.body.phone, request.ip);
      return ok(null);
    },
  );

  // The login captcha a browser test meets: a phone guessed from many addresses asks for it
  // (issue 28). Every request of the suite comes from 127.0.0.1, where the third failure already
  // makes the phone and address wait, so the wrong passwords go through the real endpoint from
  // documentation addresses of this phone's own (2001:db8:…), which no other phone or run shares.
  app.post(
    '/api/test/login/guess',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        operationId: 'testGuessPasswordUntilCaptcha',
        summary: '测试：从其他地址猜错密码，直到该手机号需要图片验证码',
        description:
          '仅测试环境（TEST_HOOKS）。以该手机号的错误密码从多个文档地址调用密码登录，直到返回 code 7' +
          '「请输入图片验证码后继续」；返回所用的失败次数。最多20次仍未要求验证码时返回 code 1。',
        body: Type.Object({ phone: Type.String({ pattern: '^1\\d{10}$' }) }),
        response: { 200: Envelope(Type.Object({ failures: Type.Integer() })), ...ErrorResponses },
      },
    },
    async (request) => {
      const { phone } = request.body;
      for (let failures = 0; failures < MAX_GUESSES; failures += 1) {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/uaa/login/password',
          payload: { phone, password: 'not-the-password-2026' },
          remoteAddress: `2001:db8:${phone.slice(0, 3)}:${phone.slice(3, 7)}:${phone.slice(7)}::${failures + 1}`,
        });
        const body = answer.json() as { code: number; message: string };
        if (body.code === 7 && body.message === CAPTCHA_REQUIRED_MESSAGE) return ok({ failures });
      }
      throw new BusinessError(
        say('该手机号未要求图片验证码', 'No picture captcha was asked for this phone number'),
      );
    },
  );

  // The answer of a login (or search) captcha image, read without spending it (search/guard.ts
  // keeps `captcha:<id>` for five minutes): a browser test cannot read the SVG.
  app.get(
    '/api/test/captcha/:captchaId',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        operationId: 'testCaptchaAnswer',
        summary: '测试：图片验证码的答案',
        description:
          '仅测试环境（TEST_HOOKS）。返回 captchaId 对应图片中的字符（小写），不消耗该验证码；不存在或已过期时返回 404。',
        params: Type.Object({ captchaId: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' }) }),
        response: { 200: Envelope(Type.Object({ text: Type.String() })), ...ErrorResponses },
      },
    },
    async (request) => {
      const text = await app.store.get(`captcha:${request.params.captchaId}`);
      if (text === null)
        throw new NotFound(
          say('验证码不存在或已过期', 'The verification code does not exist or has expired'),
        );
      return ok({ text });
    },
  );

  // A VIP payment timed out now (closed, held beans returned): the /vipopen closed view.
  app.post(
    '/api/test/vip/expire-payment',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({ paymentId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: Envelope(Type.Object({ closed: Type.Boolean() })) },
      },
    },
    async (request) =>
      ok({ closed: await expirePaymentNow(app.db, app.payments, request.body.paymentId, app.log) }),
  );

  // A request that takes a while: the shutdown test stops the server while it is in flight.
  app.post(
    '/api/test/slow',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: Type.Object({ ms: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
        response: { 200: Envelope(Type.Object({ waitedMs: Type.Integer() })) },
      },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.body.ms));
      return ok({ waitedMs: request.body.ms });
    },
  );
};

export default testHooksModule;
