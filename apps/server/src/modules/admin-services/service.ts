/**
 * The console's trade services (issue 18): the inspection workflow, processing offers with their
 * group orders and the members' enquiries, and the service switches.
 *
 * Inspection: only the moves of `INSPECTION_TRANSITIONS` are allowed (requested -> accepted ->
 * in_progress -> done; cancelled from any state before done); any other is code 1 naming the
 * state. Each action is one audited write that locks the request, checks, changes it and appends
 * a traced step the member reads on their trace (accept 已受理, assign 指派验货员, a step with
 * findings and photos, complete 出具报告, cancel 已取消 with the reason). A cancelled request that
 * cost beans gives them back through the bean ledger in the same transaction, once (the ledger's
 * once-only key). Step photos are uploads of an operator, images only: the member's trace hands
 * out signed links to them, nothing publishes them.
 *
 * Switches: a flip is audited and forgets openCheck's per-process answer (`onSwitchesChanged`),
 * so the portal sees it on the next ask; requests to a service check the table itself.
 */
import {
  ADMIN_INSPECTION_STATUS_TEXT,
  ADMIN_SERVICES_LIMITS,
  type AdminDeleted,
  type AdminEnquiryBody,
  type AdminEnquiryQuery,
  type AdminEnquiryRow,
  type AdminInspectionAcceptBody,
  type AdminInspectionAssignBody,
  type AdminInspectionCancelBody,
  type AdminInspectionCompleteBody,
  type AdminInspectionDetail,
  type AdminInspectionQuery,
  type AdminInspectionRow,
  type AdminInspectionStepBody,
  type AdminOfferBody,
  type AdminOfferQuery,
  type AdminOfferRow,
  type AdminSwitch,
  type AdminSwitchBody,
  type AdminSwitchList,
  INSPECTION_PHOTO_TYPES,
  INSPECTION_TRANSITIONS,
  type InspectionAction,
  type PageOf,
  type ServiceKey,
  type UploadedFile,
} from '@steelport/contracts';
import { dayString, isRealDay } from '../../dates.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import { toFen } from '../../present.ts';
import { type LocalText, say } from '../../text.ts';
import { type AuditContext, auditedWrites, recordAudit } from '../audit/service.ts';
import { moveBeans } from '../beans/service.ts';
import { presentStep } from '../inspection/present.ts';
import { attachmentIds, stepsOf } from '../inspection/repo.ts';
import { presentUpload } from '../upload/present.ts';
import { uploadsByIds } from '../upload/repo.ts';
import type { FileLinks } from '../upload/service.ts';
import {
  auditInspection,
  presentAdminEnquiry,
  presentAdminInspection,
  presentAdminInspectionDetail,
  presentAdminOffer,
  presentAdminSwitch,
} from './present.ts';
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
  const row = await repo.findAdminInspection(tx, id, true);
  if (!row) throw new NotFound(say('验货申请不存在', 'Inspection request not found'));
  const steps = await stepsOf(tx, id);
  return { ...auditInspection(row, steps), refundedBeans: await repo.refundedBeans(tx, id) };
}
type LoadedInspection = Awaited<ReturnType<typeof loadInspection>>;

/** The offer as the console shows it, locked for the write (group joins queue on it too). */
async function loadOffer(tx: DbOrTx, id: number): Promise<AdminOfferRow> {
  const row = await repo.findOffer(tx, id, true);
  if (!row) throw new NotFound(say('加工报价不存在', 'Processing offer not found'));
  return presentAdminOffer(row, dayString(new Date()));
}

/** The enquiry as the console shows it, locked for the write. */
async function loadEnquiry(tx: DbOrTx, id: number): Promise<AdminEnquiryRow> {
  const row = await repo.findEnquiry(tx, id, true);
  if (!row) throw new NotFound(say('询价记录不存在', 'Enquiry not found'));
  return presentAdminEnquiry(row);
}

/** The stored columns of an offer body; code 2 for ranges that do not hold. */
function offerValues(body: AdminOfferBody): repo.OfferWrite {
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

export interface AdminServicesService {
  inspections(q: AdminInspectionQuery): Promise<PageOf<AdminInspectionRow>>;
  inspection(id: number): Promise<AdminInspectionDetail>;
  accept(ctx: AuditContext, id: number, body: AdminInspectionAcceptBody): Promise<AdminInspectionDetail>;
  assign(ctx: AuditContext, id: number, body: AdminInspectionAssignBody): Promise<AdminInspectionDetail>;
  addStep(ctx: AuditContext, id: number, body: AdminInspectionStepBody): Promise<AdminInspectionDetail>;
  complete(ctx: AuditContext, id: number, body: AdminInspectionCompleteBody): Promise<AdminInspectionDetail>;
  cancel(ctx: AuditContext, id: number, body: AdminInspectionCancelBody): Promise<AdminInspectionDetail>;
  offers(q: AdminOfferQuery): Promise<PageOf<AdminOfferRow>>;
  createOffer(ctx: AuditContext, body: AdminOfferBody): Promise<AdminOfferRow>;
  updateOffer(ctx: AuditContext, id: number, body: AdminOfferBody): Promise<AdminOfferRow>;
  removeOffer(ctx: AuditContext, id: number): Promise<AdminDeleted>;
  setGroup(ctx: AuditContext, id: number, open: boolean): Promise<AdminOfferRow>;
  enquiries(q: AdminEnquiryQuery): Promise<PageOf<AdminEnquiryRow>>;
  handleEnquiry(ctx: AuditContext, id: number, body: AdminEnquiryBody): Promise<AdminEnquiryRow>;
  switches(): Promise<AdminSwitchList>;
  setSwitch(ctx: AuditContext, key: ServiceKey, body: AdminSwitchBody): Promise<AdminSwitch>;
}

/** The console's trade services over the database. */
export function adminServicesService(deps: {
  db: Db;
  links: FileLinks;
  /** told after a switch changed: openCheck forgets its cached answer */
  onSwitchesChanged?: () => void;
  now?: () => Date;
}): AdminServicesService {
  const { db, links } = deps;
  const now = () => deps.now?.() ?? new Date();
  const inspectionWrites = auditedWrites<LoadedInspection>(db, {
    entity: 'inspection',
    load: loadInspection,
  });
  const offerWrites = auditedWrites<AdminOfferRow>(db, { entity: 'processing_offer', load: loadOffer });
  const enquiryWrites = auditedWrites<AdminEnquiryRow>(db, {
    entity: 'processing_enquiry',
    load: loadEnquiry,
  });

  /** Signed file entries of `ids` by id (a file that is gone is left out by the caller). */
  const filesById = async (ids: number[]): Promise<Map<number, UploadedFile>> =>
    new Map((await uploadsByIds(db, ids)).map((u) => [u.id, presentUpload(u, links.urlOf)]));

  /** One request with its attachments and trace; photo links are signed for the operator's browser. */
  const detail = async (id: number): Promise<AdminInspectionDetail> => {
    const row = await repo.findAdminInspection(db, id);
    if (!row) throw new NotFound(say('验货申请不存在', 'Inspection request not found'));
    const attached = (await attachmentIds(db, [id])).get(id) ?? [];
    const steps = await stepsOf(db, id);
    const photoIds = steps.flatMap((s) => s.photos.map(Number)).filter((n) => Number.isInteger(n) && n > 0);
    const files = await filesById([...attached, ...photoIds]);
    return presentAdminInspectionDetail(
      row,
      attached.map((f) => files.get(f)).filter((f): f is UploadedFile => f !== undefined),
      steps.map((s) => presentStep(s, files)),
    );
  };

  /** Step photos: uploads of this or another operator, JPG/PNG/WebP within the size; code 6 or 2 otherwise. */
  const checkPhotos = async (tx: DbOrTx, operatorId: number | null, ids: number[]): Promise<void> => {
    const found = await repo.uploadsWithOwner(tx, ids);
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
    await repo.markInspectionPhotos(tx, ids);
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
    repo.appendStep(tx, {
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
        await repo.updateInspection(tx, id, { status: 'accepted' });
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
        await repo.updateInspection(tx, id, { inspectorName: body.name, inspectorPhone: body.phone });
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
        if (before.status === 'accepted') await repo.updateInspection(tx, id, { status: 'in_progress' });
        await step(tx, ctx, id, {
          title: body.title,
          findings: body.findings,
          inspector: before.inspectorName,
          photos,
        });
      }),

    complete: (ctx, id, body) =>
      act(ctx, id, 'complete', async (tx, before) => {
        await repo.updateInspection(tx, id, { status: 'done', conclusion: body.conclusion });
        await step(tx, ctx, id, {
          title: '出具报告',
          findings: body.conclusion,
          inspector: before.inspectorName,
        });
      }),

    cancel: (ctx, id, body) =>
      act(ctx, id, 'cancel', async (tx, before) => {
        await repo.updateInspection(tx, id, { status: 'cancelled' });
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
      return offerWrites.create(ctx, (tx) => repo.insertOffer(tx, values));
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
        await repo.updateOffer(tx, id, values);
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
        await repo.deleteOffer(tx, id);
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
          await repo.updateOffer(tx, id, { groupOpen: open });
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
          await repo.updateEnquiry(tx, id, { status: body.status, handledNote: note });
        },
        'handle',
      ),

    async switches() {
      return { list: (await repo.switches(db)).map(presentAdminSwitch) };
    },

    async setSwitch(ctx, key, body) {
      const after = await db.transaction(async (tx) => {
        const before = await repo.lockSwitch(tx, key);
        if (!before) throw new NotFound(say('服务不存在', 'Service not found'));
        const note = body.note ?? before.note;
        if (before.open === body.open && before.note === note)
          throw new BusinessError(
            say(
              `${before.name}已是${body.open ? '开放' : '关闭'}状态`,
              `${before.name} is already ${body.open ? 'open' : 'closed'}`,
            ),
          );
        await repo.updateSwitch(tx, key, { open: body.open, note });
        const changed = (await repo.lockSwitch(tx, key))!;
        const verb = before.open === body.open ? 'update' : body.open ? 'open' : 'close';
        await recordAudit(tx, ctx, {
          action: `service_switch.${verb}`,
          entity: 'service_switch',
          entityId: key,
          before: presentAdminSwitch(before),
          after: presentAdminSwitch(changed),
        });
        return changed;
      });
      deps.onSwitchesChanged?.();
      return presentAdminSwitch(after);
    },
  };
}
