/**
 * The console's processing offers (加工报价) with their group orders (拼单), and the members'
 * enquiries about them (询价跟进): each write is audited and locks its row.
 */
import type {
  AdminDeleted,
  AdminEnquiryBody,
  AdminEnquiryQuery,
  AdminEnquiryRow,
  AdminOfferBody,
  AdminOfferQuery,
  AdminOfferRow,
  PageOf,
} from '@steelport/contracts';
import { dayString, isRealDay } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import { toFen } from '../../present.ts';
import { say } from '../../text.ts';
import { type AuditContext, auditedWrites } from '../audit/service.ts';
import {
  deleteProcessingOffer,
  insertProcessingOffer,
  lockProcessingEnquiry,
  lockProcessingOffer,
  type ProcessingOfferWrite,
  setEnquiryFollowUp,
  updateProcessingOffer,
} from '../processing/service.ts';
import { presentAdminEnquiry, presentAdminOffer } from './present.ts';
import * as repo from './repo.ts';

/** The offer as the console shows it, locked for the write (group joins queue on it too). */
async function loadOffer(tx: DbOrTx, id: number): Promise<AdminOfferRow> {
  const row = (await lockProcessingOffer(tx, id)) ? await repo.findOffer(tx, id) : null;
  if (!row) throw new NotFound(say('加工报价不存在', 'Processing offer not found'));
  return presentAdminOffer(row, dayString(new Date()));
}

/** The enquiry as the console shows it, locked for the write. */
async function loadEnquiry(tx: DbOrTx, id: number): Promise<AdminEnquiryRow> {
  const row = (await lockProcessingEnquiry(tx, id)) ? await repo.findEnquiry(tx, id) : null;
  if (!row) throw new NotFound(say('询价记录不存在', 'Enquiry not found'));
  return presentAdminEnquiry(row);
}

/** The stored columns of an offer body; code 2 for ranges that do not hold. */
function offerValues(body: AdminOfferBody): ProcessingOfferWrite {
  if (body.thicknessMin > body.thicknessMax)
    throw new Invalid(
      say(
        '参数错误：最小厚度不能大于最大厚度',
        'Invalid request: the minimum thickness must not exceed the maximum',
      ),
    );
  if (body.widthMin > body.widthMax)
    throw new Invalid(
      say(
        '参数错误：最小宽度不能大于最大宽度',
        'Invalid request: the minimum width must not exceed the maximum',
      ),
    );
  if (body.groupDeadline !== null && !isRealDay(body.groupDeadline))
    throw new Invalid(
      say(
        '参数错误：groupDeadline 拼单截止日期无效',
        'Invalid request: groupDeadline is not a valid closing date',
      ),
    );
  if (body.groupOpen && body.groupTargetTonnes <= 0)
    throw new Invalid(
      say('参数错误：开放拼单须填写目标吨位', 'Invalid request: an open group order needs a target tonnage'),
    );
  return {
    plantName: body.plantName,
    lineType: body.lineType,
    thicknessMin: body.thicknessMin,
    thicknessMax: body.thicknessMax,
    widthMin: body.widthMin,
    widthMax: body.widthMax,
    city: body.city,
    address: body.address ?? '',
    priceFen: toFen(body.price),
    freeCapacityTonnes: body.freeCapacityTonnes,
    groupOpen: body.groupOpen,
    groupTargetTonnes: body.groupTargetTonnes,
    groupDeadline: body.groupDeadline,
    contactName: body.contactName,
    contactPhone: body.contactPhone,
    intro: body.intro ?? '',
    active: body.active,
    sort: body.sort,
  };
}

/** The console's processing offers and enquiries. */
export interface AdminProcessingService {
  offers(q: AdminOfferQuery): Promise<PageOf<AdminOfferRow>>;
  createOffer(ctx: AuditContext, body: AdminOfferBody): Promise<AdminOfferRow>;
  updateOffer(ctx: AuditContext, id: number, body: AdminOfferBody): Promise<AdminOfferRow>;
  removeOffer(ctx: AuditContext, id: number): Promise<AdminDeleted>;
  setGroup(ctx: AuditContext, id: number, open: boolean): Promise<AdminOfferRow>;
  enquiries(q: AdminEnquiryQuery): Promise<PageOf<AdminEnquiryRow>>;
  handleEnquiry(ctx: AuditContext, id: number, body: AdminEnquiryBody): Promise<AdminEnquiryRow>;
}

/** Offers, group orders and enquiries over the database; "today" comes from `now`. */
export function adminProcessing(deps: { db: Db; now: () => Date }): AdminProcessingService {
  const { db, now } = deps;
  const offerWrites = auditedWrites<AdminOfferRow>(db, { entity: 'processing_offer', load: loadOffer });
  const enquiryWrites = auditedWrites<AdminEnquiryRow>(db, {
    entity: 'processing_enquiry',
    load: loadEnquiry,
  });

  return {
    async offers(q) {
      const { list, total } = await repo.offersPage(
        db,
        { keyword: q.keyword || undefined, lineType: q.lineType, active: q.active },
        q.page,
        q.pageSize,
      );
      const today = dayString(now());
      return {
        list: list.map((r) => presentAdminOffer(r, today)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    createOffer(ctx, body) {
      const values = offerValues(body);
      return offerWrites.create(ctx, (tx) => insertProcessingOffer(tx, values));
    },

    updateOffer(ctx, id, body) {
      const values = offerValues(body);
      return offerWrites.update(ctx, id, async (tx, before) => {
        if (values.groupTargetTonnes! < before.groupJoinedTonnes)
          throw new BusinessError(
            say(
              `拼单目标吨位不能少于已拼的 ${before.groupJoinedTonnes} 吨`,
              `The group order's target cannot be less than the ${before.groupJoinedTonnes} t already joined`,
            ),
          );
        await updateProcessingOffer(tx, id, values);
      });
    },

    removeOffer: (ctx, id) =>
      offerWrites.remove(ctx, id, async (tx, before) => {
        if (before.members > 0)
          throw new BusinessError(
            say(
              `该拼单已有 ${before.members} 位会员加入，不能删除，请改为下架`,
              `${before.members} members have joined this group order; it cannot be deleted, take it off sale instead`,
            ),
          );
        await deleteProcessingOffer(tx, id);
      }),

    setGroup: (ctx, id, open) =>
      offerWrites.update(
        ctx,
        id,
        async (tx, before) => {
          if (before.groupTargetTonnes <= 0)
            throw new BusinessError(say('该加工报价没有拼单', 'This processing offer has no group order'));
          if (before.groupOpen === open)
            throw new BusinessError(
              open
                ? say('该拼单已开放', 'This group order is already open')
                : say('该拼单已关闭', 'This group order is already closed'),
            );
          if (open && before.groupDeadline !== null && before.groupDeadline < dayString(now()))
            throw new BusinessError(
              say(
                '拼单已过截止日期，请先修改截止日期',
                'The group order is past its closing date; change the closing date first',
              ),
            );
          await updateProcessingOffer(tx, id, { groupOpen: open });
        },
        open ? 'open_group' : 'close_group',
      ),

    async enquiries(q) {
      const { list, total } = await repo.enquiriesPage(
        db,
        { offerId: q.offerId, status: q.status, keyword: q.keyword || undefined },
        q.page,
        q.pageSize,
      );
      return { list: list.map(presentAdminEnquiry), total, page: q.page, pageSize: q.pageSize };
    },

    handleEnquiry: (ctx, id, body) =>
      enquiryWrites.update(
        ctx,
        id,
        async (tx, before) => {
          const note = body.note ?? before.handledNote;
          if (before.status === body.status && before.handledNote === note)
            throw new BusinessError(
              say('跟进状态与备注均未变化', 'Neither the follow-up status nor the note changed'),
            );
          await setEnquiryFollowUp(tx, id, { status: body.status, handledNote: note });
        },
        'handle',
      ),
  };
}
