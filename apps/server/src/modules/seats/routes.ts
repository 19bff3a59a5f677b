/**
 * 企业会员 seats (issue 30 item 6), `/api/web/seats*`: the owner's seats (bought, given, holders)
 * and the one the caller holds; invite a colleague by phone, remove or reassign a seat. Every
 * route is a member's and touches only the caller's own seats: another owner's seat is code 6.
 * The service is built in app.ts (it sends invitations through the site's SMS provider).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponses,
  Id,
  MySeats,
  SeatInviteBody,
  SeatReassignBody,
} from '@steelport/contracts';
import { Type } from 'typebox';
import { ok } from '../../plugins/envelope.ts';
import { auditContext } from '../audit/service.ts';
import type { SeatsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** 企业会员 seats; the console's order detail reads `orderSeats`. */
    seats: SeatsService;
  }
}

export interface SeatsModuleOptions {
  seats: SeatsService;
}

const IdParams = Type.Object({ id: Id('席位 id') });
const tags = ['seats'];

const seatsModule: FastifyPluginAsyncTypebox<SeatsModuleOptions> = async (app, opts) => {
  const { seats } = opts;

  app.get(
    '/api/web/seats',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'seatsMine',
        summary: '我的企业席位：已购、已分配与持有人；我所占用的席位',
        description:
          '当前用户购买的按席位会员（企业会员）：当前有效期的席位数、已分配数（含本人）与每个席位的持有人（姓名、打码手机号、已入席或待注册、分配时间、是否生效）；以及当前用户占用的他人席位（所属购买者）。',
        response: { 200: Envelope(MySeats), ...ErrorResponses },
      },
    },
    async (request) => ok(await seats.mine(request.user!.id)),
  );

  app.post(
    '/api/web/seats/invite',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'seatsInvite',
        summary: '按手机号把一个席位分配给同事',
        description:
          '已注册的手机号立即入席并享有企业会员权益；未注册的手机号收到短信邀请，注册后自动入席。席位数不能超过当前有效期所购（含本人一个）；一位同事只能占用一个企业席位。席位已满、会员未开通或已到期为 code 1；每小时最多 30 次分配或更换。',
        body: SeatInviteBody,
        response: { 200: Envelope(MySeats), ...ErrorResponses },
      },
    },
    async (request) => ok(await seats.invite(auditContext(request), request.user!.id, request.body)),
  );

  app.delete(
    '/api/web/seats/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'seatsRemove',
        summary: '移除一个同事的席位',
        description: '移除后该同事立即失去企业会员权益，席位可重新分配；他人的席位为 code 6。',
        params: IdParams,
        response: { 200: Envelope(MySeats), ...ErrorResponses },
      },
    },
    async (request) => ok(await seats.remove(auditContext(request), request.user!.id, request.params.id)),
  );

  app.post(
    '/api/web/seats/:id/reassign',
    {
      config: { access: 'member' },
      schema: {
        tags,
        operationId: 'seatsReassign',
        summary: '把一个席位改给另一位同事',
        description:
          '原持有人立即失去权益；新手机号已注册则立即入席，未注册则收到短信邀请、注册后入席。席位保持原有顺序；他人的席位为 code 6。',
        params: IdParams,
        body: SeatReassignBody,
        response: { 200: Envelope(MySeats), ...ErrorResponses },
      },
    },
    async (request) =>
      ok(await seats.reassign(auditContext(request), request.user!.id, request.params.id, request.body)),
  );
};

export default seatsModule;
