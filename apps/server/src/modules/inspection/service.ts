/**
 * Warehouse inspection (验货): partner warehouses by region, a member's request (VIP free,
 * others pay INSPECTION_BEANS through the bean ledger in the same transaction as the request,
 * so a refused or failed request costs nothing and a request is charged once; a repeated
 * submission key answers the first request), the member's history and one request's trace.
 * A member sees only their own requests: another's id is code 6, as if it did not exist.
 */
import {
  INSPECTION_BEANS,
  INSPECTION_LIMITS,
  type InspectionCreated,
  type InspectionHistoryQuery,
  type InspectionItem,
  type InspectionRegions,
  type InspectionRequest,
  type InspectionTrace,
  type PageOf,
  type UploadedFile,
} from '@steelport/contracts';
import { createCache } from '../../cache.ts';
import { dayString, isRealDay } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { REGIONS } from '../../db/schema/index.ts';
import { Invalid, NeedVip, NotFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { say } from '../../text.ts';
import { moveBeans, readBalance } from '../beans/service.ts';
import type { openCheckService } from '../open-check/service.ts';
import { type FileLinks, mayRead, ownsUploads, uploadedFiles } from '../upload/service.ts';
import { presentInspection, presentRegions, presentStep, statusText } from './present.ts';
import * as repo from './repo.ts';

/** The service's name in the refusal while operators keep it closed. */
const NAME = say('仓库验货', 'warehouse inspection');

/** The inspection service over the database. */
export function inspectionService(deps: {
  db: Db;
  links: FileLinks;
  services: ReturnType<typeof openCheckService>;
}) {
  const { db, links } = deps;
  // The partner list changes when operators edit warehouses; its stock figures once a day.
  const regionCache = createCache<Pick<InspectionRegions, 'regions' | 'total'>>({
    name: 'inspection:regions',
    freshMs: 60_000,
    maxEntries: 1,
  });

  /** Requests with their attachments presented. */
  const withAttachments = async (rows: repo.InspectionListRow[]): Promise<InspectionItem[]> => {
    const ids = await repo.attachmentIds(
      db,
      rows.map((r) => r.id),
    );
    const files = await uploadedFiles(db, links, [...ids.values()].flat());
    return rows.map((r) =>
      presentInspection(
        r,
        (ids.get(r.id) ?? []).map((id) => files.get(id)).filter((f): f is UploadedFile => f !== undefined),
      ),
    );
  };

  return {
    /**
     * Partner warehouses by region, with what a request costs the caller; code 1 while the
     * service is closed. A member's own requests and their trace stay readable.
     */
    async regions(user: AuthUser | null): Promise<InspectionRegions> {
      await deps.services.assertOpen('inspection', NAME);
      const list = await regionCache.get('all', async () =>
        presentRegions(await repo.partnerWarehouses(db), REGIONS),
      );
      return {
        ...list,
        isVip: user?.isVip ?? false,
        beansPerRequest: user?.isVip ? 0 : INSPECTION_BEANS,
        beans: user ? await readBalance(db, user.id) : null,
      };
    },

    /** Records a request and charges it; code 2 for bad input, 5 for too few beans, 1 when the service is closed. */
    async request(user: AuthUser, body: InspectionRequest, now = new Date()): Promise<InspectionCreated> {
      await deps.services.assertOpen('inspection', NAME);
      const coilNumbers = [...new Set(body.coilNumbers.map((c) => c.toUpperCase()))];
      const cargoIds = [...new Set(body.cargoIds)];
      const attachmentIds = [...new Set(body.attachmentIds)];
      if (coilNumbers.length === 0 && cargoIds.length === 0)
        throw new Invalid(
          say(
            '参数错误：coilNumbers 卷号与 cargoIds 现货至少填写一项',
            'Invalid request: give coilNumbers or cargoIds',
          ),
        );
      const today = dayString(now);
      if (!isRealDay(body.requestedDate))
        throw new Invalid(
          say('参数错误：requestedDate 不是有效日期', 'Invalid request: requestedDate is not a valid date'),
        );
      if (body.requestedDate < today)
        throw new Invalid(
          say(
            '参数错误：requestedDate 期望验货日期不能早于今天',
            'Invalid request: requestedDate, the inspection date, cannot be before today',
          ),
        );
      if (body.requestedDate > dayString(now, INSPECTION_LIMITS.daysAheadMax))
        throw new Invalid(
          say(
            `参数错误：requestedDate 期望验货日期不能晚于 ${INSPECTION_LIMITS.daysAheadMax} 天后`,
            `Invalid request: requestedDate, the inspection date, can be at most ${INSPECTION_LIMITS.daysAheadMax} days ahead`,
          ),
        );

      if (body.requestKey) {
        const earlier = await repo.findByRequestKey(db, user.id, body.requestKey);
        if (earlier) return this.created(earlier, user.id, 0);
      }
      const warehouse = await repo.partnerWarehouse(db, body.warehouseId);
      if (!warehouse)
        throw new Invalid(
          say(
            '参数错误：warehouseId 不是验货合作仓库',
            'Invalid request: warehouseId is not a partner warehouse for inspections',
          ),
        );
      if ((await repo.countCargo(db, cargoIds)) !== cargoIds.length)
        throw new Invalid(
          say(
            '参数错误：cargoIds 中有不存在的现货',
            'Invalid request: cargoIds contains stock that does not exist',
          ),
        );
      if (!(await ownsUploads(db, user.id, attachmentIds)))
        throw new NotFound(say('附件不存在', 'Attachment not found'));

      const cost = user.isVip ? 0 : INSPECTION_BEANS;
      return db.transaction(async (tx) => {
        const row = await repo.insertInspection(tx, {
          userId: user.id,
          warehouseId: warehouse.id,
          coilNumbers,
          cargoIds,
          requestedDate: body.requestedDate,
          contactName: body.contactName,
          contactPhone: body.contactPhone,
          remark: body.remark,
          beansSpent: cost,
          requestKey: body.requestKey ?? null,
        });
        let balance = (await readBalance(tx, user.id)) ?? 0;
        if (cost > 0) {
          const moved = await moveBeans(tx, {
            userId: user.id,
            delta: -cost,
            reason: 'spent',
            refType: 'inspection',
            refId: row.id,
            note: `仓库验货申请（${warehouse.name}）`,
          });
          if (moved.kind === 'insufficient')
            throw new NeedVip(
              say(
                `钢豆不足：验货申请需 ${cost} 钢豆，当前余额 ${moved.balance}；开通免豆会员可免费验货`,
                `Not enough beans: an inspection request costs ${cost} beans and your balance is ${moved.balance}; with the bean-free membership inspections are free`,
              ),
            );
          balance = moved.balance;
        }
        await repo.attachUploads(tx, row.id, attachmentIds);
        return {
          id: row.id,
          status: row.status,
          statusText: statusText(row.status),
          beansSpent: cost,
          beans: balance,
        };
      });
    },

    /** The answer for a request made before with the same key: nothing charged now. */
    async created(row: repo.InspectionRow, userId: number, beansSpent: number): Promise<InspectionCreated> {
      return {
        id: row.id,
        status: row.status,
        statusText: statusText(row.status),
        beansSpent,
        beans: (await readBalance(db, userId)) ?? 0,
      };
    },

    /** The caller's requests, newest first. */
    async history(user: AuthUser, query: InspectionHistoryQuery): Promise<PageOf<InspectionItem>> {
      const { page, pageSize } = query;
      const { list, total } = await repo.historyPage(db, user.id, query.status, page, pageSize);
      return { list: await withAttachments(list), total, page, pageSize };
    },

    /** One request and its steps, for its owner or an operator; code 6 for anyone else. */
    async trace(user: AuthUser, id: number): Promise<InspectionTrace> {
      const row = await repo.findInspection(db, id);
      if (!row || !mayRead(user, row.userId))
        throw new NotFound(say('验货申请不存在', 'Inspection request not found'));
      const [inspection] = await withAttachments([row]);
      const steps = await repo.stepsOf(db, id);
      const photoIds = steps.flatMap((s) => s.photos.map(Number)).filter((n) => Number.isInteger(n) && n > 0);
      // a photo is the request's: its owner's, or an operator's upload for it
      const photos = await uploadedFiles(db, links, photoIds);
      return { inspection: inspection!, steps: steps.map((s) => presentStep(s, photos)) };
    },
  };
}

/** Upload ids attached to each of `inspectionIds`, in their order (for the console's detail). */
export function inspectionAttachmentIds(db: DbOrTx, inspectionIds: number[]): Promise<Map<number, number[]>> {
  return repo.attachmentIds(db, inspectionIds);
}

/** The traced steps of one request in order (for the console's detail and audit rows). */
export function inspectionSteps(db: DbOrTx, inspectionId: number): Promise<repo.InspectionStepRow[]> {
  return repo.stepsOf(db, inspectionId);
}

/**
 * Locks request `id` until the transaction ends, so two operators cannot make the same move
 * (the console's audited load); false when there is none.
 */
export function lockInspection(tx: DbOrTx, id: number): Promise<boolean> {
  return repo.lockInspection(tx, id);
}

/** Changes a request's workflow columns (status, conclusion, inspector) and touches updated_at. */
export function updateInspectionWorkflow(
  tx: DbOrTx,
  id: number,
  set: repo.InspectionWorkflow,
): Promise<void> {
  return repo.updateInspection(tx, id, set);
}

/** Appends a traced step (an operator's move) as the next number of the request. */
export function appendInspectionStep(tx: DbOrTx, step: repo.NewInspectionStep): Promise<void> {
  return repo.appendStep(tx, step);
}
