/**
 * 免费订阅 (issue 19): `/api/web/subscription/*` (saved searches and index alerts) and
 * `/api/web/inbox/*` (what they found, the unread count, marking read, and the live stream).
 * Every route is a member's and sees only the caller's own rows: another member's id is code 6.
 * The service is built in app.ts, because the writers of lots and quotes call its hook too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DigestSettings,
  DigestSettingsUpdate,
  Envelope,
  ErrorResponses,
  Id,
  InboxEvent,
  InboxItem,
  InboxQuery,
  InboxRead,
  IndexAlert,
  IndexAlertCreate,
  IndexAlertUpdate,
  Page,
  SavedSearch,
  SavedSearchCreate,
  SavedSearchUpdate,
  SubscriptionOverview,
  UnsubscribeQuery,
} from '@steelport/contracts';
import { Type } from 'typebox';
import { ok } from '../../plugins/envelope.ts';
import type { SubscriptionService } from './service.ts';
import { inboxStreams } from './stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Saved searches, alerts and the inbox; main.ts hands `afterIndexJob` to the scheduler. */
    subscriptions: SubscriptionService;
  }
}

export interface SubscriptionModuleOptions {
  subscriptions: SubscriptionService;
}

const IdParams = Type.Object({ id: Id('id') });
const Removed = Type.Object({ id: Type.Integer() });
const tags = ['subscription'];

const subscriptionModule: FastifyPluginAsyncTypebox<SubscriptionModuleOptions> = async (app, opts) => {
  const subs = opts.subscriptions;
  const streams = inboxStreams(subs);
  // Open streams would hold the server open on close.
  app.addHook('preClose', async () => streams.closeAll());
  // The metrics' open-stream gauge reads this process's count at scrape time.
  app.metrics.watch('sseStreams', () => streams.size);

  app.get(
    '/api/web/subscription/list',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionList',
        summary: '我的订阅：保存的搜索、指数提醒与会员可用数量',
        description:
          '当前用户保存的搜索（现货、余料、今日报价）和指数提醒，以及其会员可保存的数量（会员 1 个，VIP 50 个）。',
        response: { 200: Envelope(SubscriptionOverview), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.overview(request.user!)),
  );

  app.post(
    '/api/web/subscription/search',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionSearchCreate',
        summary: '保存当前搜索为订阅',
        description:
          '把搜索页当前的筛选条件（与页面地址中的相同）连同名称保存为订阅；此后新发布或调价后符合条件的资源进入消息中心。会员可保存 1 个，VIP 50 个，超出为 code 1。',
        body: SavedSearchCreate,
        response: { 200: Envelope(SavedSearch), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.createSearch(request.user!, request.body)),
  );

  app.patch(
    '/api/web/subscription/search/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionSearchUpdate',
        summary: '重命名、暂停或恢复一个订阅',
        description: '修改自己的订阅名称，或暂停（暂停期间不匹配任何资源）、恢复；他人的订阅为 code 6。',
        params: IdParams,
        body: SavedSearchUpdate,
        response: { 200: Envelope(SavedSearch), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.updateSearch(request.user!, request.params.id, request.body)),
  );

  app.delete(
    '/api/web/subscription/search/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionSearchDelete',
        summary: '删除一个订阅',
        description: '删除自己的订阅及其匹配到的消息；他人的订阅为 code 6。',
        params: IdParams,
        response: { 200: Envelope(Removed), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.removeSearch(request.user!, request.params.id)),
  );

  app.get(
    '/api/web/subscription/search/:id/matches',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionSearchMatches',
        summary: '一个订阅最近匹配到的资源',
        description: '自己的一个订阅最近匹配到的资源（最多 20 条，新的在前）；他人的订阅为 code 6。',
        params: IdParams,
        response: { 200: Envelope(Type.Array(InboxItem)), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.matches(request.user!, request.params.id)),
  );

  app.post(
    '/api/web/subscription/index-alert',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionIndexAlertCreate',
        summary: '设置指数提醒：涨破、跌破某价位或单日涨跌幅超过 N%',
        description:
          '在指数上设置提醒：above 价格涨破 level，below 跌破 level，move 单日涨跌幅超过 percent%。每次穿越只提醒一次，价格回到另一侧后重新生效；会员 1 个，VIP 50 个。',
        body: IndexAlertCreate,
        response: { 200: Envelope(IndexAlert), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.createAlert(request.user!, request.body)),
  );

  app.patch(
    '/api/web/subscription/index-alert/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionIndexAlertUpdate',
        summary: '暂停或恢复一个指数提醒',
        description: '暂停或恢复自己的指数提醒；他人的提醒为 code 6。',
        params: IdParams,
        body: IndexAlertUpdate,
        response: { 200: Envelope(IndexAlert), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.updateAlert(request.user!, request.params.id, request.body)),
  );

  app.delete(
    '/api/web/subscription/index-alert/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionIndexAlertDelete',
        summary: '删除一个指数提醒',
        description: '删除自己的指数提醒及其消息；他人的提醒为 code 6。',
        params: IdParams,
        response: { 200: Envelope(Removed), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.removeAlert(request.user!, request.params.id)),
  );

  app.get(
    '/api/web/subscription/settings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionSettings',
        summary: '每日短信摘要设置',
        description: '是否接收每日短信摘要（默认关闭）与免打扰时段（北京时间）。',
        response: { 200: Envelope(DigestSettings), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.settings(request.user!)),
  );

  app.put(
    '/api/web/subscription/settings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'subscriptionSettingsUpdate',
        summary: '开启或关闭每日短信摘要，设置免打扰时段',
        description:
          '开启后每天最多一条短信，汇总未读的新消息，免打扰时段内不发送；quietStart 与 quietEnd 同时设置或同时清除（null）。',
        body: DigestSettingsUpdate,
        response: { 200: Envelope(DigestSettings), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.updateSettings(request.user!, request.body)),
  );

  app.get(
    '/api/web/subscription/unsubscribe',
    {
      config: { access: 'public', ignoreToken: true },
      schema: {
        tags,
        operationId: 'subscriptionUnsubscribe',
        summary: '一键退订每日短信摘要（短信中的链接）',
        description:
          '短信摘要中的退订链接：无需登录，凭链接中的令牌关闭该用户的每日短信摘要；无效链接为 code 6。',
        querystring: UnsubscribeQuery,
        response: { 200: Envelope(Type.Object({ unsubscribed: Type.Boolean() })), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.unsubscribe(request.query.token)),
  );

  app.get(
    '/api/web/inbox/page',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'inboxPage',
        summary: '消息中心：订阅与指数提醒匹配到的消息（分页）',
        description:
          '当前用户的消息，新的在前，分页；unreadOnly 只看未读。每条指向一条现货、余料、报价或指数。',
        querystring: InboxQuery,
        response: { 200: Envelope(Page(InboxItem)), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.inboxPage(request.user!, request.query)),
  );

  app.get(
    '/api/web/inbox/unread',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'inboxUnread',
        summary: '未读消息数（页头铃铛）',
        description: '当前用户的未读消息数。',
        response: { 200: Envelope(InboxEvent), ...ErrorResponses },
      },
    },
    async (request) => ok(await subs.unread(request.user!.id)),
  );

  app.post(
    '/api/web/inbox/read',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'inboxRead',
        summary: '标为已读：指定消息或全部',
        description: '把自己的指定消息（ids，最多 100 个）或全部（all）标为已读，返回改动条数与新的未读数。',
        body: InboxRead,
        response: {
          200: Envelope(Type.Object({ changed: Type.Integer(), unread: Type.Integer() })),
          ...ErrorResponses,
        },
      },
    },
    async (request) => ok(await subs.read(request.user!, request.body)),
  );

  app.get(
    '/api/web/inbox/stream',
    {
      config: { access: 'member' },
      // EventSource cannot send headers: the token may come as `?token=` (log.ts hides its value).
      onRequest: async (request) => {
        const token = (request.query as { token?: unknown }).token;
        if (typeof token === 'string' && token && !request.headers['x-token'])
          request.headers['x-token'] = token;
      },
      schema: {
        tags,
        operationId: 'inboxStream',
        summary: '消息推送（server-sent events）',
        description:
          '长连接（text/event-stream）：连上即发送一次 inbox 事件（未读数），此后每有新消息或已读变化再发送；每 25 秒一行注释保活；退出登录后连接结束（logout 事件）。令牌可放在请求头 X-Token 或查询参数 token 中。',
        querystring: Type.Object({
          token: Type.Optional(
            Type.String({ maxLength: 128, description: '登录令牌（EventSource 无法设置请求头时）' }),
          ),
        }),
        response: {
          200: Type.String({ description: 'text/event-stream：event: inbox，data: { unread, added }' }),
          ...ErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const auth = request.headers.authorization;
      const token = request.headers['x-token'] ?? (auth?.startsWith('Bearer ') ? auth.slice(7) : '');
      await streams.serve(request, reply, String(token).trim());
    },
  );
};

export default subscriptionModule;
