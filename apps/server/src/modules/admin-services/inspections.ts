/**
 * The console's inspection workflow (issue 18): only the moves of `INSPECTION_TRANSITIONS` are
 * allowed (requested -> accepted -> in_progress -> done; cancelled from any state before done);
 * any other is code 1 naming the state. Each action is one audited write that locks the request,
 * checks, changes it and appends a traced step the member reads on their trace (accept 已受理,
 * assign 指派验货员, a step with findings and photos, complete 出具报告, cancel 已取消 with the
 * reason). A cancelled request that cost beans gives them back through the bean ledger in the
 * same transaction, once (the ledger's once-only key). Step photos are uploads of an operator,
 * images only: the member's trace hands out signed links to them, nothing publishes them.
 */
import {
  ADMIN_INSPECTION_STATUS_TEXT,
  ADMIN_SERVICES_LIMITS,
  type AdminInspectionAcceptBody,
  type AdminInspectionAssignBody,
  type AdminInspectionCancelBody,
  type AdminInspectionCompleteBody,
  type AdminInspectionDetail,
  type AdminInspectionQuery,
  type AdminInspectionRow,
  type AdminInspectionStepBody,
  INSPECTION_PHOTO_TYPES,
  INSPECTION_TRANSITIONS,
  type InspectionAction,
  type PageOf,
  type UploadedFile,
} from '@steelport/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import { type AuditContext, auditedWrites } from '../audit/service.ts';
import { moveBeans } from '../beans/service.ts';
import { presentStep } from '../inspection/present.ts';
import {
  appendInspectionStep,
  inspectionAttachmentIds,
  inspectionSteps,
  lockInspection,
  updateInspectionWorkflow,
} from '../inspection/service.ts';
import { type FileLinks, markInspectionPhotos, uploadedFiles, uploadsWithOwner } from '../upload/service.ts';
import { auditInspection, presentAdminInspection, presentAdminInspectionDetail } from './present.ts';
import * as repo from './repo.ts';

const L = ADMIN_SERVICES_LIMITS;

/** The action as the refusal names it. */
const ACTION_TEXT: Record<InspectionAction, LocalText> = {
  accept: say('受理', 'accepted'),
  assign: say('指派验货员', 'given an inspector'),
  step: say('添加跟踪步骤', 'given a tracking step'),
  complete: say('完成验货', 'completed'),
  cancel: say('取消', 'cancelled'),
};

/** A request's status in English, for the refusals (the Chinese is contracts' ADMIN_INSPECTION_STATUS_TEXT). */
const STATUS_TEXT_EN: Record<keyof typeof INSPECTION_TRANSITIONS, string> = {
  requested: 'waiting to be accepted',
  accepted: 'accepted',
  in_progress: 'being inspected',
  done: 'done',
  cancelled: 'cancelled',
};

/** Code 1 unless the request's state allows `action`. */
function assertAllowed(status: keyof typeof INSPECTION_TRANSITIONS, action: InspectionAction): void {
  if (!INSPECTION_TRANSITIONS[status].includes(action))
    throw new BusinessError(
      say(
        `该验货申请当前为「${ADMIN_INSPECTION_STATUS_TEXT[status]}」，不能${ACTION_TEXT[action].zh}`,
        `This inspection request is ${STATUS_TEXT_EN[status]} and cannot be ${ACTION_TEXT[action].en}`,
      ),
    );
}

/** The request as the audit keeps it, locked for the write; code 6 when there is none. */
async function loadInspection(tx: DbOrTx, id: number) {
  const row = (await lockInspection(tx, id)) ? await repo.findAdminInspection(tx, id) : null;
  if (!row) throw new NotFound(say('验货申请不存在', 'Inspection request not found'));
  const steps = await inspectionSteps(tx, id);
  return { ...auditInspection(row, steps), refundedBeans: await repo.refundedBeans(tx, id) };
}
type LoadedInspection = Awaited<ReturnType<typeof loadInspection>>;

/** The console's inspection requests and the moves operators make on them. */
export interface AdminInspectionsService {
  inspections(q: AdminInspectionQuery): Promise<PageOf<AdminInspectionRow>>;
  inspection(id: number): Promise<AdminInspectionDetail>;
  accept(ctx: AuditContext, id: number, body: AdminInspectionAcceptBody): Promise<AdminInspectionDetail>;
  assign(ctx: AuditContext, id: number, body: AdminInspectionAssignBody): Promise<AdminInspectionDetail>;
  addStep(ctx: AuditContext, id: number, body: AdminInspectionStepBody): Promise<AdminInspectionDetail>;
  complete(ctx: AuditContext, id: number, body: AdminInspectionCompleteBody): Promise<AdminInspectionDetail>;
  cancel(ctx: AuditContext, id: number, body: AdminInspectionCancelBody): Promise<AdminInspectionDetail>;
}

/** The inspection workflow over the database; step times come from `now`. */
export function adminInspections(deps: {
  db: Db;
  links: FileLinks;
  now: () => Date;
}): AdminInspectionsService {
  const { db, links, now } = deps;
  const inspectionWrites = auditedWrites<LoadedInspection>(db, {
    entity: 'inspection',
    load: loadInspection,
  });

  /** One request with its attachments and trace; photo links are signed for the operator's browser. */
  const detail = async (id: number): Promise<AdminInspectionDetail> => {
    const row = await repo.findAdminInspection(db, id);
    if (!row) throw new NotFound(say('验货申请不存在', 'Inspection request not found'));
    const attached = (await inspectionAttachmentIds(db, [id])).get(id) ?? [];
    const steps = await inspectionSteps(db, id);
    const photoIds = steps.flatMap((s) => s.photos.map(Number)).filter((n) => Number.isInteger(n) && n > 0);
    const files = await uploadedFiles(db, links, [...attached, ...photoIds]);
    return presentAdminInspectionDetail(
      row,
      attached.map((f) => files.get(f)).filter((f): f is UploadedFile => f !== undefined),
      steps.map((s) => presentStep(s, files)),
    );
  };

  /** Step photos: uploads of this or another operator, JPG/PNG/WebP within the size; code 6 or 2 otherwise. */
  const checkPhotos = async (tx: DbOrTx, operatorId: number | null, ids: number[]): Promise<void> => {
    const found = await uploadsWithOwner(tx, ids);
    if (found.length !== ids.length) throw new NotFound(say('照片不存在', 'Photo not found'));
    for (const f of found) {
      if (f.ownerUserId !== operatorId && f.ownerRole !== 'admin')
        throw new NotFound(say('照片不存在', 'Photo not found'));
      if (!(INSPECTION_PHOTO_TYPES as readonly string[]).includes(f.mime))
        throw new Invalid(
          say(
            '参数错误：photoIds 照片只能是 JPG、PNG 或 WebP 图片',
            'Invalid request: photoIds must be JPG, PNG or WebP images',
          ),
        );
      if (f.sizeBytes > L.photoMaxBytes)
        throw new Invalid(
          say(
            `参数错误：photoIds 照片不能超过 ${L.photoMaxBytes / 1024 / 1024} MB`,
            `Invalid request: photoIds, a photo may be at most ${L.photoMaxBytes / 1024 / 1024} MB`,
          ),
        );
    }
    await markInspectionPhotos(tx, ids);
  };

  /** One audited inspection action: check the state allows it, then `act`. */
  const act = async (
    ctx: AuditContext,
    id: number,
    action: InspectionAction,
    work: (tx: DbOrTx, before: LoadedInspection) => Promise<void>,
  ): Promise<AdminInspectionDetail> => {
    await inspectionWrites.update(
      ctx,
      id,
      async (tx, before) => {
        assertAllowed(before.status, action);
        await work(tx, before);
      },
      action,
    );
    return detail(id);
  };

  const step = (
    tx: DbOrTx,
    ctx: AuditContext,
    id: number,
    s: { title: string; findings: string; inspector: string; photos?: number[] },
  ) =>
    appendInspectionStep(tx, {
      inspectionId: id,
      title: s.title,
      findings: s.findings,
      inspector: s.inspector,
      photos: s.photos ?? [],
      operatorUserId: ctx.operatorId,
      at: now(),
    });

  return {
    async inspections(q) {
      const { list, total } = await repo.inspectionsPage(
        db,
        { keyword: q.keyword || undefined, status: q.status },
        q.page,
        q.pageSize,
      );
      return { list: list.map(presentAdminInspection), total, page: q.page, pageSize: q.pageSize };
    },

    inspection: detail,

    accept: (ctx, id, body) =>
      act(ctx, id, 'accept', async (tx) => {
        await updateInspectionWorkflow(tx, id, { status: 'accepted' });
        await step(tx, ctx, id, {
          title: '已受理',
          findings: body.note || '已受理，将安排验货员到库',
          inspector: '',
        });
      }),

    assign: (ctx, id, body) =>
      act(ctx, id, 'assign', async (tx, before) => {
        if (before.inspectorName === body.name && before.inspectorPhone === body.phone)
          throw new BusinessError(
            say(`验货员 ${body.name} 已指派`, `Inspector ${body.name} is already assigned`),
          );
        await updateInspectionWorkflow(tx, id, { inspectorName: body.name, inspectorPhone: body.phone });
        await step(tx, ctx, id, {
          title: before.inspectorName ? '改派验货员' : '指派验货员',
          findings: '将按期望日期到库验货',
          inspector: body.name,
        });
      }),

    addStep: (ctx, id, body) =>
      act(ctx, id, 'step', async (tx, before) => {
        if (!before.inspectorName)
          throw new BusinessError(say('请先指派验货员', 'Assign an inspector first'));
        const photos = [...new Set(body.photoIds)];
        await checkPhotos(tx, ctx.operatorId, photos);
        if (before.status === 'accepted') await updateInspectionWorkflow(tx, id, { status: 'in_progress' });
        await step(tx, ctx, id, {
          title: body.title,
          findings: body.findings,
          inspector: before.inspectorName,
          photos,
        });
      }),

    complete: (ctx, id, body) =>
      act(ctx, id, 'complete', async (tx, before) => {
        await updateInspectionWorkflow(tx, id, { status: 'done', conclusion: body.conclusion });
        await step(tx, ctx, id, {
          title: '出具报告',
          findings: body.conclusion,
          inspector: before.inspectorName,
        });
      }),

    cancel: (ctx, id, body) =>
      act(ctx, id, 'cancel', async (tx, before) => {
        await updateInspectionWorkflow(tx, id, { status: 'cancelled' });
        await step(tx, ctx, id, { title: '已取消', findings: body.reason, inspector: '' });
        if (before.beansSpent > 0) {
          // once-only (bean_ledger_once_uq): a request is refunded at most once
          await moveBeans(tx, {
            userId: before.userId,
            delta: before.beansSpent,
            reason: 'refunded',
            refType: 'inspection',
            refId: id,
            note: `验货申请取消，退还钢豆（申请编号 ${id}）`,
            actorUserId: ctx.operatorId,
          });
        }
      }),
  };
}
