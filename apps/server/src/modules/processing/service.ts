/**
 * Shared processing (共享加工, /process): offers and menus for everyone; a member enquires
 * about an offer or joins its group order (拼单) with a tonnage and gets the plant's contact.
 *
 * A member holds one share per offer (unique row): joining again sets the share to the new
 * tonnage, never adds a second one. Joins of one offer queue on its row lock, and the new total
 * is checked against the target under that lock, so concurrent joins never pass the target
 * (a check constraint backs this up).
 */
import type {
  Page as PageOfOffers,
  ProcessingEnquiryQuery,
  ProcessingEnquiryResult,
  ProcessingMenus,
  ProcessingOffer,
  ProcessingQuery,
} from '@steelport/contracts';
import type { Static } from 'typebox';
import { dayString } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EnquiryStatus } from '../../db/schema/index.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import type { openCheckService } from '../open-check/service.ts';
import { presentEnquiry, presentMenus, presentOffer } from './present.ts';
import {
  addJoined,
  deleteOffer,
  findEnquiry,
  insertOffer,
  lockEnquiryRow,
  lockOffer,
  lockOfferRow,
  memberCount,
  menuCounts,
  type OfferWrite,
  offersPage,
  updateEnquiry,
  updateOffer,
  upsertEnquiry,
} from './repo.ts';

type OfferPage = Static<ReturnType<typeof PageOfOffers<typeof ProcessingOffer>>>;

export interface ProcessingService {
  offers(query: ProcessingQuery, userId: number | null): Promise<OfferPage>;
  menus(): Promise<ProcessingMenus>;
  enquire(offerId: number, userId: number, query: ProcessingEnquiryQuery): Promise<ProcessingEnquiryResult>;
}

/** The service's name in the refusal while operators keep it closed. */
const NAME = say('共享加工', 'shared processing');

/** The processing service; `now` is the clock (tests move it). */
export function processingService(deps: {
  db: Db;
  /** refuses lists, joins and enquiries while operators keep the service closed (openCheck) */
  services: ReturnType<typeof openCheckService>;
  now?: () => Date;
}): ProcessingService {
  const { db } = deps;
  const today = () => dayString(deps.now?.() ?? new Date());

  return {
    async offers(query, userId) {
      await deps.services.assertOpen('processing', NAME);
      const day = today();
      const { rows, total } = await offersPage(db, query, day, query.page, query.pageSize, userId);
      return {
        list: rows.map((r) => presentOffer(r, day)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async menus() {
      await deps.services.assertOpen('processing', NAME);
      return presentMenus(await menuCounts(db, today()));
    },

    async enquire(offerId, userId, query) {
      await deps.services.assertOpen('processing', NAME);
      const day = today();
      return db.transaction(async (tx) => {
        const offer = await lockOffer(tx, offerId);
        if (!offer)
          throw new NotFound(
            say('加工报价不存在或已下架', 'The processing offer does not exist or has been withdrawn'),
          );
        const remark = query.remark;
        if (query.tonnes === undefined) {
          const mine = await upsertEnquiry(tx, { offerId, userId, remark });
          return presentEnquiry(offer, mine, await memberCount(tx, offerId), day);
        }
        if (offer.groupTargetTonnes <= 0)
          throw new BusinessError(
            say(
              '该加工报价没有拼单，请直接询价',
              'This processing offer has no group order; please send an enquiry instead',
            ),
          );
        const before = (await findEnquiry(tx, offerId, userId))?.tonnes ?? 0;
        if (!offer.groupOpen || (offer.groupDeadline !== null && offer.groupDeadline < day))
          throw new BusinessError(say('该拼单已截止', 'This group order has closed'));
        // the member's own share counts as free: joining again replaces it
        const left = offer.groupTargetTonnes - offer.groupJoinedTonnes + before;
        if (left <= 0) throw new BusinessError(say('该拼单已满', 'This group order is full'));
        if (query.tonnes > left)
          throw new Invalid(
            say(
              `拼单吨位不能超过剩余可拼的 ${left} 吨`,
              `You can join with at most the ${left} t still open`,
            ),
          );
        const mine = await upsertEnquiry(tx, { offerId, userId, tonnes: query.tonnes, remark });
        offer.groupJoinedTonnes = await addJoined(tx, offerId, mine - before);
        return presentEnquiry(offer, mine, await memberCount(tx, offerId), day);
      });
    },
  };
}

// ---------------------------------------------------------------- the console's writes

/** The stored columns of an offer an operator writes (the joined tonnage is the members'). */
export type ProcessingOfferWrite = OfferWrite;

/** Locks offer `id`, active or not, until the transaction ends (joins of its group order queue on it); false when there is none. */
export function lockProcessingOffer(tx: DbOrTx, id: number): Promise<boolean> {
  return lockOfferRow(tx, id);
}

/** Inserts an offer; returns its id. */
export function insertProcessingOffer(tx: DbOrTx, row: ProcessingOfferWrite): Promise<number> {
  return insertOffer(tx, row);
}

/** Changes an offer (the joined tonnage stays: members' shares decide it). */
export function updateProcessingOffer(
  tx: DbOrTx,
  id: number,
  set: Partial<ProcessingOfferWrite>,
): Promise<void> {
  return updateOffer(tx, id, set);
}

/** Deletes an offer (its enquiries go with it). */
export function deleteProcessingOffer(tx: DbOrTx, id: number): Promise<void> {
  return deleteOffer(tx, id);
}

/** Locks enquiry `id` until the transaction ends (an operator's follow-up); false when there is none. */
export function lockProcessingEnquiry(tx: DbOrTx, id: number): Promise<boolean> {
  return lockEnquiryRow(tx, id);
}

/** Sets an enquiry's follow-up state and note (not updated_at: that is the member's last join). */
export function setEnquiryFollowUp(
  tx: DbOrTx,
  id: number,
  set: { status: EnquiryStatus; handledNote: string },
): Promise<void> {
  return updateEnquiry(tx, id, set);
}
