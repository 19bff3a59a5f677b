/**
 * Accounts (uaa): registration with an SMS code, password, SMS and QR login, password reset,
 * logout, and the caller's own profile (myInfo) and bean history. Login endpoints ignore any
 * stored token (config.ignoreToken).
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BeanMovement,
  Captcha,
  ChangePasswordBody,
  Envelope,
  ErrorResponses,
  LangBody,
  LoginResult,
  MyInfo,
  Page,
  PageQuery,
  PasswordLoginBody,
  Phone,
  ProfileBody,
  QrConfirmBody,
  QrCreated,
  QrQueryBody,
  QrQueryResult,
  QrState,
  RegisterBody,
  ResetPasswordBody,
  SmsLoginBody,
  SmsSendBody,
  SmsSent,
} from '@steelport/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MINUTE_MS, SECOND_MS } from '../../dates.ts';
import { ok } from '../../plugins/envelope.ts';
import { clientKey, limitRate } from '../../plugins/rate-limit.ts';
import { readMailbox, type SmsProvider } from '../../providers/sms/index.ts';
import { qrLogin } from './qr.ts';
import { accountService, alertSmsBudget, langOfPhone, phoneRegistered } from './service.ts';
import { SMS_CODE_TTL_MS, SMS_GAP_MS, smsCodes } from './sms.ts';

/** `sms`: the site's SMS provider (app.ts), shared with the digests. */
const accountModule: FastifyPluginAsyncTypebox<{ sms: SmsProvider }> = async (app, opts) => {
  const dev = app.config.env !== 'production';
  const sms = smsCodes({
    store: app.store,
    provider: opts.sms,
    secret: app.config.appSecret,
    hourlyBudget: app.config.smsHourlyBudget,
    isRegistered: (phone) => phoneRegistered(app.db, phone),
    langOfPhone: (phone) => langOfPhone(app.db, phone),
    onBudgetExhausted: (hour, budget) => alertSmsBudget(app.db, app.log, hour, budget),
  });
  const accounts = accountService({
    db: app.db,
    store: app.store,
    sms,
    log: app.log,
    onLogin: (way, outcome) => app.metrics.login(way, outcome),
  });
  const qr = qrLogin({ store: app.store, publicUrl: app.config.publicUrl });
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    requestId: String(request.id),
  });

  app.post(
    '/api/uaa/sms/send',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'sendSmsCode',
        summary: '发送短信验证码（60秒一次；首几次之后需图片验证码）',
        description:
          '发送短信验证码。同一手机号、同一客户端各60秒一次；同一客户端对同一手机号每天10次、对所有手机号每天30次。' +
          '发送过于频繁时返回 code 7，附距可再次发送的秒数（retryAfterSeconds，同 Retry-After 响应头）。' +
          '同一手机号、同一客户端或二者组合当天的前几次免验证，之后需带图片验证码（captchaId、captchaText，' +
          '见 GET /api/uaa/captcha），缺少时返回 code 7「请输入图片验证码后继续」，答错返回 code 1。' +
          '登录、找回密码的验证码只发往已注册的手机号，未注册的号码得到相同的回答但不发短信；注册验证码照常发送。' +
          '全站每小时发送量有上限，用尽时返回 code 7 并通知运营（操作日志 sms.budget_exhausted）。',
        body: SmsSendBody,
        response: { 200: Envelope(SmsSent), ...ErrorResponses },
      },
    },
    async (request) => {
      const { phone, purpose, captchaId, captchaText } = request.body;
      await sms.send(phone, purpose, request.ip, { captchaId, captchaText }, request.lang);
      return ok({
        resendAfterSeconds: SMS_GAP_MS / SECOND_MS,
        expiresInSeconds: SMS_CODE_TTL_MS / SECOND_MS,
      });
    },
  );

  app.post(
    '/api/uaa/register',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'register',
        summary: '手机号注册（短信验证码 + 密码 + 联系人，公司选填）',
        description: '手机号注册（短信验证码 + 密码 + 联系人，公司选填）。',
        body: RegisterBody,
        response: { 200: Envelope(LoginResult), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `register:${request.ip}`, 20, 60 * MINUTE_MS);
      return ok(await accounts.register(request.body, clientOf(request)));
    },
  );

  app.post(
    '/api/uaa/login/password',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'loginByPassword',
        summary: '密码登录（失败多次后等待递增或需图片验证码）',
        description:
          '密码登录。同一手机号在同一客户端失败3次后，下一次须等待30秒，此后每次失败等待加倍（最长15分钟），' +
          '等待中返回 code 7；其他客户端不受影响。同一手机号在所有客户端失败超过5次、或同一客户端失败超过10次后，' +
          '须带图片验证码（captchaId、captchaText），缺少时返回 code 7「请输入图片验证码后继续」，答错返回 code 1。',
        body: PasswordLoginBody,
        response: { 200: Envelope(LoginResult), ...ErrorResponses },
      },
    },
    async (request) => {
      const { phone, password, captchaId, captchaText } = request.body;
      return ok(await accounts.passwordLogin(phone, password, clientOf(request), { captchaId, captchaText }));
    },
  );

  app.get(
    '/api/uaa/captcha',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'getLoginCaptcha',
        summary: '登录、短信验证码用的图片验证码（SVG）',
        description:
          '获取图片验证码（SVG，5分钟有效，只能作答一次）。发送短信验证码或密码登录返回 code 7「请输入图片验证码后继续」时，' +
          '把 captchaId 与图中字符（captchaText）随下一次请求提交。每个客户端每分钟最多30个。',
        response: { 200: Envelope(Captcha), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `uaa:captcha:${request.ip}`, 30, MINUTE_MS);
      return ok(await accounts.captcha());
    },
  );

  app.post(
    '/api/uaa/login/sms',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'loginBySms',
        summary: '短信验证码登录（密码登录被锁定时也可使用）',
        description:
          '用 purpose=login 的短信验证码登录；成功后该手机号的密码登录不再要求图片验证码，本客户端的等待解除。',
        body: SmsLoginBody,
        response: { 200: Envelope(LoginResult), ...ErrorResponses },
      },
    },
    async (request) => ok(await accounts.smsLogin(request.body.phone, request.body.code, clientOf(request))),
  );

  app.post(
    '/api/uaa/password/reset',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'resetPassword',
        summary: '忘记密码：短信验证码重设密码',
        description: '用 purpose=reset 的短信验证码设置新密码；该用户所有已登录设备随即退出。',
        body: ResetPasswordBody,
        response: { 200: Envelope(Type.Null()), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `reset:${request.ip}`, 20, 60 * MINUTE_MS);
      await accounts.resetPassword(request.body.phone, request.body.code, request.body.password);
      return ok(null);
    },
  );

  app.post(
    '/api/uaa/logout',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'logout',
        summary: '退出登录（吊销当前 token）',
        description: '退出登录（吊销当前 token）。',
        response: { 200: Envelope(Type.Null()), ...ErrorResponses },
      },
    },
    async (request) => {
      await accounts.logout(request.user!.sessionId);
      return ok(null);
    },
  );

  app.post(
    '/api/uaa/login/wechatXcxTempQrLoginCreate',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'createQrLogin',
        summary: '创建临时登录二维码（120秒有效）',
        description: '创建临时登录二维码（120秒有效）。',
        querystring: Type.Object({ clientId: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })) }),
        body: Type.Object({ clientId: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })) }),
        response: { 200: Envelope(QrCreated), ...ErrorResponses },
      },
      // clientId may come in the query alone, with no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await limitRate(app.store, `qr:create:${clientKey(request)}`, 30, MINUTE_MS);
      const clientId = request.body.clientId ?? request.query.clientId ?? 3;
      return ok(await qr.create(clientId));
    },
  );

  app.post(
    '/api/uaa/login/wechatXcxTempQrLoginQuery',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags: ['account'],
        operationId: 'queryQrLogin',
        summary: '轮询二维码状态：waiting/scanned/confirmed（首次返回 token）/cancelled/expired',
        description: '轮询二维码状态：waiting/scanned/confirmed（首次返回 token）/cancelled/expired。',
        body: QrQueryBody,
        response: { 200: Envelope(QrQueryResult), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `qr:query:${request.ip}`, 120, MINUTE_MS);
      const { state, userIdOnce } = await qr.query(request.body.clientId, request.body.tempCode);
      if (userIdOnce === undefined) return ok({ state });
      const login = await accounts.issueLogin(userIdOnce, request.body.clientId, clientOf(request));
      return ok({ state, token: login.token, user: login.user });
    },
  );

  app.post(
    '/api/uaa/login/wechatXcxTempQrLoginConfirm',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'confirmQrLogin',
        summary: '手机端扫码后标记已扫描（scan）、确认登录或取消（cancel）',
        description: '手机端扫码后标记已扫描（scan）、确认登录或取消（cancel）。',
        body: QrConfirmBody,
        response: { 200: Envelope(Type.Object({ state: QrState })), ...ErrorResponses },
      },
    },
    async (request) => {
      const { clientId, tempCode, scan, cancel } = request.body;
      const userId = request.user!.id;
      const state = scan
        ? await qr.scan(clientId, tempCode, userId)
        : await qr.confirm(clientId, tempCode, userId, cancel === true);
      return ok({ state });
    },
  );

  app.get(
    '/api/web/user/myInfo',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'getMyInfo',
        summary: '我的信息：联系人、手机、公司、角色、钢豆、会员',
        description: '我的信息：联系人、手机、公司、角色、钢豆、会员。',
        security: [{ token: [] }],
        response: { 200: Envelope(MyInfo), ...ErrorResponses },
      },
    },
    async (request) => ok(await accounts.myInfo(request.user!.id)),
  );

  app.get(
    '/api/web/user/beans',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'getMyBeanHistory',
        summary: '钢豆明细：本人钢豆的获得、消费、退还与调整记录（分页，最新在前）',
        description:
          '本人钢豆账本，最新在前，分页：每条给出变动数量（正为获得、负为支出）、变动后余额、原因（earned 获得 / spent 消费 / refunded 退还 / adjusted 调整）及中文说明、关联类型和时间。',
        security: [{ token: [] }],
        querystring: PageQuery,
        response: { 200: Envelope(Page(BeanMovement)), ...ErrorResponses },
      },
    },
    async (request) => ok(await accounts.beanHistory(request.user!.id, request.query)),
  );

  app.put(
    '/api/web/user/profile',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'updateProfile',
        summary: '修改联系人与公司（填写公司即成为商家）',
        description:
          '修改联系人与公司（填写公司即成为商家）。公司全称一经确定不能自行修改（与原名不同为 code 1，由运营变更）；与已有企业同名（忽略空格、全半角与大小写）为 code 1。',
        body: ProfileBody,
        response: { 200: Envelope(MyInfo), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await accounts.updateProfile(request.user!.id, request.body.linkMan.trim(), request.body.company)),
  );

  app.put(
    '/api/web/user/lang',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'setMyLang',
        summary: '选择界面语言（zh-CN 或 en），保存在本人资料中',
        description:
          '保存本人选择的界面语言（zh-CN 中文、en English），答复我的信息（lang 为所选语言）。登录结果与我的信息都带出 lang；导出表头、短信与站内消息按它选择语言。其他取值为 code 2。',
        security: [{ token: [] }],
        body: LangBody,
        response: { 200: Envelope(MyInfo), ...ErrorResponses },
      },
    },
    async (request) => ok(await accounts.setLang(request.user!.id, request.body.lang)),
  );

  app.post(
    '/api/web/user/password',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: '修改密码',
        description: '修改密码。',
        body: ChangePasswordBody,
        response: { 200: Envelope(Type.Null()), ...ErrorResponses },
      },
    },
    async (request) => {
      await limitRate(app.store, `password:${request.user!.id}`, 10, 15 * MINUTE_MS);
      const { id, sessionId } = request.user!;
      await accounts.changePassword(id, sessionId, request.body.oldPassword, request.body.newPassword);
      return ok(null);
    },
  );

  if (dev) {
    // The sandbox provider's mailbox: development and tests read codes here, production never.
    app.get(
      '/api/dev/sms/latest',
      {
        config: { access: 'public', ignoreToken: true },
        schema: {
          hide: true,
          querystring: Type.Object({ phone: Phone }),
          response: {
            200: Envelope(
              Type.Union([
                Type.Object({ phone: Type.String(), text: Type.String(), sentAt: Type.String() }),
                Type.Null(),
              ]),
            ),
            ...ErrorResponses,
          },
        },
      },
      async (request) => ok(await readMailbox(app.store, request.query.phone)),
    );
  }
};

export default accountModule;
