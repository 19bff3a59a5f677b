/**
 * The console's trade services through the API: an operator moves a member's inspection request
 * through its states (only legal moves, each with exactly one audit row holding the request before
 * and after), adds a step with a photo the member then sees on the trace, cancels a paid request
 * (beans back, once); manages processing offers, group orders and enquiries; flips a service
 * switch that the portal sees at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString } from '../../dates.ts';
import { auditLog, beanLedger, users, warehouses } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { fileBody } from '../../test/multipart.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'steelport-admin-services-'));
const t = useTestApp({ DATA_DIR: dataDir });
let ip = 1;
const nextIp = () => `10.28.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF');

let admin: MadeUser;
let member: MadeUser;
let trader: MadeUser;
let partner: number;

/** Calls the API; `token` undefined is a visitor. */
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(token ? { headers: { 'x-token': token } } : {}),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(method, url, admin.token, payload);

/** Uploads one file as `token`; answers its id. */
async function upload(token: string, bytes: Buffer, name = 'photo.png'): Promise<number> {
  const body = fileBody(bytes, name, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/web/upload',
    headers: { ...body.headers, 'x-token': token },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.id;
}

/** Audit rows of one entity row, oldest first. */
const auditOf = (entity: string, id: number | string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

const beansOf = async (userId: number) =>
  (await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)))[0]!.beans;

/** A member's inspection request (paid: the member is not VIP); answers its id. */
async function requestInspection(who: MadeUser = member): Promise<number> {
  const res = await call('POST', '/api/web/2.0/inspection/inspections', who.token, {
    warehouseId: partner,
    coilNumbers: ['B24H0312765'],
    requestedDate: dayString(new Date(), 1),
    contactName: '王先生',
    contactPhone: '13800000009',
  });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.id;
}

/** One audited write: answers the body and checks exactly one new audit row of `action`. */
async function auditedCall(
  entity: string,
  id: number | string,
  action: string,
  send: () => ReturnType<typeof call>,
) {
  const before = (await auditOf(entity, id)).length;
  const res = (await send()).json();
  expect(res.code, JSON.stringify(res)).toBe(0);
  const rows = await auditOf(entity, id);
  expect(rows).toHaveLength(before + 1);
  const row = rows.at(-1)!;
  expect(row).toMatchObject({ action, actorUserId: admin.id });
  return {
    res,
    row: row as { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
  };
}

beforeAll(async () => {
  admin = await makeUser(t.db, { role: 'admin', linkMan: '值班运营' });
  member = await makeUser(t.db, { linkMan: '验货会员甲', beans: 100 });
  trader = await makeUser(t.db, { role: 'trader' });
  const [w] = await t.db
    .insert(warehouses)
    .values({
      name: '运营测试验货仓',
      city: '上海',
      market: '上海',
      region: '华东',
      province: '上海',
      address: '宝山区测试路9号',
      capacityTonnes: 50000,
      inspectionPartner: true,
    })
    .returning({ id: warehouses.id });
  partner = w!.id;
});

describe('inspection workflow', () => {
  it('lists and searches requests by member, number and warehouse, with status filter and paging', async () => {
    const id = await requestInspection();
    const byPhone = (await asAdmin('GET', `/api/admin/inspections?keyword=${member.phone}`)).json();
    expect(byPhone.code).toBe(0);
    expect(byPhone.data.list[0]).toMatchObject({
      id,
      memberPhone: member.phone,
      memberName: '验货会员甲',
      warehouseName: '运营测试验货仓',
      status: 'requested',
      statusText: '待受理',
      beansSpent: 20,
      actions: ['accept', 'cancel'],
    });
    const byId = (await asAdmin('GET', `/api/admin/inspections?keyword=${id}`)).json();
    expect(byId.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const byWarehouse = (
      await asAdmin(
        'GET',
        `/api/admin/inspections?keyword=${encodeURIComponent('运营测试验货')}&status=requested`,
      )
    ).json();
    expect(byWarehouse.data.list.every((r: { status: string }) => r.status === 'requested')).toBe(true);
    expect(byWarehouse.data.total).toBeGreaterThanOrEqual(1);
    const done = (
      await asAdmin('GET', `/api/admin/inspections?keyword=${member.phone}&status=done&pageSize=5`)
    ).json();
    expect(done.data).toMatchObject({ total: 0, pageSize: 5 });
    // bad input: a status that does not exist, a page size beyond the bound
    expect((await asAdmin('GET', '/api/admin/inspections?status=lost')).json().code).toBe(2);
    expect((await asAdmin('GET', '/api/admin/inspections?pageSize=1000')).json().code).toBe(2);
    expect((await asAdmin('GET', '/api/admin/inspections/2147483648')).json().code).toBe(2);
    expect((await asAdmin('GET', '/api/admin/inspections/2147483647')).json().code).toBe(6);
  });

  it('moves a request through its states, one audit row each, and the member sees the trace and photo', async () => {
    const id = await requestInspection();

    // an illegal move: complete before accepting
    const early = (
      await asAdmin('POST', `/api/admin/inspections/${id}/complete`, { conclusion: '货物良好' })
    ).json();
    expect(early).toMatchObject({ code: 1, message: '该验货申请当前为「待受理」，不能完成验货' });
    expect(await auditOf('inspection', id)).toHaveLength(0);

    const accepted = await auditedCall('inspection', id, 'inspection.accept', () =>
      asAdmin('POST', `/api/admin/inspections/${id}/accept`, { note: '已与仓库确认货位' }),
    );
    expect(accepted.res.data).toMatchObject({
      status: 'accepted',
      statusText: '已受理',
      actions: ['assign', 'step', 'cancel'],
    });
    expect(accepted.row.before).toMatchObject({ id, status: 'requested', steps: [] });
    expect(accepted.row.after).toMatchObject({
      status: 'accepted',
      steps: [{ step: 1, title: '已受理', findings: '已与仓库确认货位' }],
    });
    expect((await asAdmin('POST', `/api/admin/inspections/${id}/accept`, {})).json()).toMatchObject({
      code: 1,
      message: '该验货申请当前为「已受理」，不能受理',
    });

    // a step needs an inspector first
    const png = await upload(admin.token, PNG, '外观.png');
    const noInspector = (
      await asAdmin('POST', `/api/admin/inspections/${id}/steps`, {
        title: '到库核对',
        findings: '相符',
        photoIds: [png],
      })
    ).json();
    expect(noInspector).toMatchObject({ code: 1, message: '请先指派验货员' });

    // bad input: a name beyond the bound, a phone with letters
    expect(
      (
        await asAdmin('POST', `/api/admin/inspections/${id}/assign`, {
          name: '王'.repeat(31),
          phone: '13900001111',
        })
      ).json().code,
    ).toBe(2);
    expect(
      (
        await asAdmin('POST', `/api/admin/inspections/${id}/assign`, { name: '王建国', phone: 'call me' })
      ).json().code,
    ).toBe(2);
    const assigned = await auditedCall('inspection', id, 'inspection.assign', () =>
      asAdmin('POST', `/api/admin/inspections/${id}/assign`, { name: '王建国', phone: '13900001111' }),
    );
    expect(assigned.row.before).toMatchObject({ inspectorName: '', inspectorPhone: '' });
    expect(assigned.row.after).toMatchObject({ inspectorName: '王建国', inspectorPhone: '13900001111' });

    // photos: a PDF is refused (code 2), a member's upload is not the operator's (code 6)
    const pdf = await upload(admin.token, PDF, 'report.pdf');
    const wrongType = (
      await asAdmin('POST', `/api/admin/inspections/${id}/steps`, {
        title: '外观检查',
        findings: '良好',
        photoIds: [pdf],
      })
    ).json();
    expect(wrongType).toMatchObject({
      code: 2,
      message: '参数错误：photoIds 照片只能是 JPG、PNG 或 WebP 图片',
    });
    const theirs = await upload(member.token, PNG);
    expect(
      (
        await asAdmin('POST', `/api/admin/inspections/${id}/steps`, {
          title: '外观检查',
          findings: '',
          photoIds: [theirs],
        })
      ).json().code,
    ).toBe(6);
    expect(
      (
        await asAdmin('POST', `/api/admin/inspections/${id}/steps`, {
          title: '',
          findings: 'x',
          photoIds: [],
        })
      ).json().code,
    ).toBe(2);
    expect(
      (
        await asAdmin('POST', `/api/admin/inspections/${id}/steps`, {
          title: '外观检查',
          findings: 'x',
          photoIds: Array.from({ length: 10 }, () => png),
        })
      ).json().code,
    ).toBe(2);

    const stepped = await auditedCall('inspection', id, 'inspection.step', () =>
      asAdmin('POST', `/api/admin/inspections/${id}/steps`, {
        title: '外观检查',
        findings: '外圈轻微擦伤约 0.3 m',
        photoIds: [png],
      }),
    );
    expect(stepped.res.data.status).toBe('in_progress');
    expect(stepped.row.before).toMatchObject({ status: 'accepted' });
    expect(stepped.row.after).toMatchObject({ status: 'in_progress' });
    const lastStep = (
      stepped.row.after!.steps as { title: string; photos: number[]; inspector: string }[]
    ).at(-1);
    expect(lastStep).toMatchObject({ title: '外观检查', photos: [png], inspector: '王建国' });

    const completed = await auditedCall('inspection', id, 'inspection.complete', () =>
      asAdmin('POST', `/api/admin/inspections/${id}/complete`, { conclusion: '货物与单据相符，可以提货。' }),
    );
    expect(completed.res.data).toMatchObject({
      status: 'done',
      conclusion: '货物与单据相符，可以提货。',
      actions: [],
    });
    expect(completed.row.after).toMatchObject({ status: 'done', conclusion: '货物与单据相符，可以提货。' });
    const late = (
      await asAdmin('POST', `/api/admin/inspections/${id}/cancel`, { reason: '客户取消' })
    ).json();
    expect(late).toMatchObject({ code: 1, message: '该验货申请当前为「已完成」，不能取消' });

    // the member's trace: every step, the photo as a signed link they can open
    const trace = (await call('GET', `/api/web/2.0/inspection/trace/list?id=${id}`, member.token)).json();
    expect(trace.code).toBe(0);
    expect(trace.data.inspection).toMatchObject({ status: 'done', statusText: '已完成' });
    expect(trace.data.steps.map((s: { title: string }) => s.title)).toEqual([
      '已受理',
      '指派验货员',
      '外观检查',
      '出具报告',
    ]);
    const photo = trace.data.steps[2].photos[0];
    expect(photo).toMatchObject({ id: png, name: '外观.png' });
    const bytes = await t.app.inject({ method: 'GET', url: photo.url, remoteAddress: nextIp() });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
  });

  it('cancels a paid request with a reason and gives the beans back once', async () => {
    const before = await beansOf(member.id);
    const id = await requestInspection();
    expect(await beansOf(member.id)).toBe(before - 20);
    expect((await asAdmin('POST', `/api/admin/inspections/${id}/cancel`, { reason: '' })).json().code).toBe(
      2,
    );
    expect(
      (await asAdmin('POST', `/api/admin/inspections/${id}/cancel`, { reason: '好\u0000' })).json().code,
    ).toBe(2);
    const cancelled = await auditedCall('inspection', id, 'inspection.cancel', () =>
      asAdmin('POST', `/api/admin/inspections/${id}/cancel`, { reason: '仓库暂停作业，无法安排' }),
    );
    expect(cancelled.res.data).toMatchObject({ status: 'cancelled', statusText: '已取消' });
    expect(cancelled.row.before).toMatchObject({ status: 'requested', refundedBeans: 0 });
    expect(cancelled.row.after).toMatchObject({ status: 'cancelled', refundedBeans: 20 });
    expect(await beansOf(member.id)).toBe(before);
    const refunds = await t.db
      .select()
      .from(beanLedger)
      .where(
        and(
          eq(beanLedger.refType, 'inspection'),
          eq(beanLedger.refId, id),
          eq(beanLedger.reason, 'refunded'),
        ),
      );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ delta: 20, userId: member.id, actorUserId: admin.id });
    const again = (
      await asAdmin('POST', `/api/admin/inspections/${id}/cancel`, { reason: '再次取消' })
    ).json();
    expect(again).toMatchObject({ code: 1, message: '该验货申请当前为「已取消」，不能取消' });
    expect(await beansOf(member.id)).toBe(before);
    const trace = (await call('GET', `/api/web/2.0/inspection/trace/list?id=${id}`, member.token)).json();
    expect(trace.data.steps.at(-1)).toMatchObject({ title: '已取消', findings: '仓库暂停作业，无法安排' });
  });

  it('refuses members, traders and visitors', async () => {
    for (const token of [member.token, trader.token, undefined]) {
      const res = (await call('GET', '/api/admin/inspections', token)).json();
      expect(res.code).not.toBe(0);
    }
  });
});

const offerBody = (over: Record<string, unknown> = {}) => ({
  plantName: '运营测试加工厂',
  lineType: '开平',
  thicknessMin: 0.5,
  thicknessMax: 3,
  widthMin: 900,
  widthMax: 1600,
  city: '乐从',
  address: '顺德区乐从镇测试路',
  price: 85.5,
  freeCapacityTonnes: 1200,
  groupOpen: true,
  groupTargetTonnes: 300,
  groupDeadline: dayString(new Date(), 20),
  contactName: '陈经理',
  contactPhone: '0757-28380000',
  intro: '开平线两条',
  active: true,
  sort: 1,
  ...over,
});

describe('processing offers, group orders and enquiries', () => {
  it('creates, edits, opens and closes a group order, handles an enquiry, each with one audit row', async () => {
    expect(
      (await asAdmin('POST', '/api/admin/processing/offers', offerBody({ thicknessMin: 5 }))).json(),
    ).toMatchObject({
      code: 2,
      message: '参数错误：最小厚度不能大于最大厚度',
    });
    expect(
      (await asAdmin('POST', '/api/admin/processing/offers', offerBody({ lineType: '冲压' }))).json().code,
    ).toBe(2);
    expect(
      (await asAdmin('POST', '/api/admin/processing/offers', offerBody({ price: -1 }))).json().code,
    ).toBe(2);
    const beforeCreate = (await t.db.select().from(auditLog).where(eq(auditLog.entity, 'processing_offer')))
      .length;
    const created = (await asAdmin('POST', '/api/admin/processing/offers', offerBody())).json();
    expect(created).toMatchObject({ code: 0, data: { price: 85.5, groupState: 'open', members: 0 } });
    const id = created.data.id as number;
    const createRows = await auditOf('processing_offer', id);
    expect(createRows).toHaveLength(1);
    expect(createRows[0]).toMatchObject({ action: 'processing_offer.create', before: null });
    expect(createRows[0]!.after).toMatchObject({ id, plantName: '运营测试加工厂', price: 85.5 });
    expect((await t.db.select().from(auditLog).where(eq(auditLog.entity, 'processing_offer'))).length).toBe(
      beforeCreate + 1,
    );

    // the portal lists it; a member joins its group order
    const portal = (await call('GET', '/api/web/2.0/shareMach?city=%E4%B9%90%E4%BB%8E&pageSize=50')).json();
    expect(portal.data.list.map((o: { id: number }) => o.id)).toContain(id);
    const joined = (await call('GET', `/api/web/shareMach/enquiry/${id}?tonnes=100`, member.token)).json();
    expect(joined.code, JSON.stringify(joined)).toBe(0);

    const updated = await auditedCall('processing_offer', id, 'processing_offer.update', () =>
      asAdmin('PUT', `/api/admin/processing/offers/${id}`, offerBody({ price: 90 })),
    );
    expect(updated.row.before).toMatchObject({ price: 85.5, groupJoinedTonnes: 100, members: 1 });
    expect(updated.row.after).toMatchObject({ price: 90, groupJoinedTonnes: 100 });
    const belowJoined = (
      await asAdmin('PUT', `/api/admin/processing/offers/${id}`, offerBody({ groupTargetTonnes: 50 }))
    ).json();
    expect(belowJoined).toMatchObject({ code: 1, message: '拼单目标吨位不能少于已拼的 100 吨' });

    const closed = await auditedCall('processing_offer', id, 'processing_offer.close_group', () =>
      asAdmin('POST', `/api/admin/processing/offers/${id}/group`, { open: false }),
    );
    expect(closed.res.data).toMatchObject({ groupOpen: false, groupState: 'closed' });
    expect(
      (await asAdmin('POST', `/api/admin/processing/offers/${id}/group`, { open: false })).json(),
    ).toMatchObject({
      code: 1,
      message: '该拼单已关闭',
    });
    // the member can no longer join
    expect(
      (await call('GET', `/api/web/shareMach/enquiry/${id}?tonnes=120`, member.token)).json(),
    ).toMatchObject({
      code: 1,
      message: '该拼单已截止',
    });
    await auditedCall('processing_offer', id, 'processing_offer.open_group', () =>
      asAdmin('POST', `/api/admin/processing/offers/${id}/group`, { open: true }),
    );

    // a group order with members is not deleted
    expect((await asAdmin('DELETE', `/api/admin/processing/offers/${id}`)).json()).toMatchObject({
      code: 1,
      message: '该拼单已有 1 位会员加入，不能删除，请改为下架',
    });

    // the enquiry: listed with the member, handled with a note
    const list = (await asAdmin('GET', `/api/admin/processing/enquiries?offerId=${id}`)).json();
    expect(list.data.list).toHaveLength(1);
    const enquiry = list.data.list[0];
    expect(enquiry).toMatchObject({
      memberPhone: member.phone,
      tonnes: 100,
      kind: 'join',
      status: 'new',
      statusText: '待跟进',
    });
    const handled = await auditedCall('processing_enquiry', enquiry.id, 'processing_enquiry.handle', () =>
      asAdmin('PUT', `/api/admin/processing/enquiries/${enquiry.id}`, {
        status: 'contacted',
        note: '已电话确认',
      }),
    );
    expect(handled.row.before).toMatchObject({ status: 'new', handledNote: '' });
    expect(handled.row.after).toMatchObject({ status: 'contacted', handledNote: '已电话确认' });
    expect(
      (await asAdmin('PUT', `/api/admin/processing/enquiries/${enquiry.id}`, { status: 'contacted' })).json(),
    ).toMatchObject({ code: 1, message: '跟进状态与备注均未变化' });
    expect(
      (await asAdmin('PUT', `/api/admin/processing/enquiries/${enquiry.id}`, { status: 'done' })).json().code,
    ).toBe(2);
    const contacted = (await asAdmin('GET', '/api/admin/processing/enquiries?status=contacted')).json();
    expect(contacted.data.list.map((r: { id: number }) => r.id)).toContain(enquiry.id);

    // an offer without members is deleted, with its audit row
    const spare = (
      await asAdmin('POST', '/api/admin/processing/offers', offerBody({ plantName: '待删加工厂' }))
    ).json();
    const removed = await auditedCall('processing_offer', spare.data.id, 'processing_offer.delete', () =>
      asAdmin('DELETE', `/api/admin/processing/offers/${spare.data.id}`),
    );
    expect(removed.res.data).toEqual({ id: spare.data.id, deleted: true });
    expect(removed.row.after).toBeNull();
    expect((await asAdmin('DELETE', `/api/admin/processing/offers/${spare.data.id}`)).json().code).toBe(6);

    const page = (
      await asAdmin('GET', `/api/admin/processing/offers?keyword=${encodeURIComponent('运营测试')}`)
    ).json();
    expect(page.data.list[0]).toMatchObject({ id, members: 1, enquiries: 1, groupJoinedTonnes: 100 });
  });
});

describe('service switches', () => {
  it('closes a service with one audit row; the portal sees it at once and refuses requests', async () => {
    const list = (await asAdmin('GET', '/api/admin/switches')).json();
    expect(list.data.list.map((s: { key: string }) => s.key)).toEqual([
      'inspection',
      'cloudWarehouse',
      'processing',
      'payment',
    ]);
    // the portal asks first, so openCheck holds an answer
    expect((await call('GET', '/api/ma/common/openCheck')).json().data.open.inspection).toBe(true);

    const closed = await auditedCall('service_switch', 'inspection', 'service_switch.close', () =>
      asAdmin('PUT', '/api/admin/switches/inspection', { open: false, note: '系统升级，预计下周开放' }),
    );
    expect(closed.row.before).toMatchObject({ key: 'inspection', open: true });
    expect(closed.row.after).toMatchObject({
      key: 'inspection',
      open: false,
      note: '系统升级，预计下周开放',
    });
    const portal = (await call('GET', '/api/ma/common/openCheck')).json();
    expect(portal.data.open.inspection).toBe(false);
    expect(portal.data.services.find((s: { key: string }) => s.key === 'inspection').note).toBe(
      '系统升级，预计下周开放',
    );
    const refused = (
      await call('POST', '/api/web/2.0/inspection/inspections', member.token, {
        warehouseId: partner,
        coilNumbers: ['B24H0312765'],
        requestedDate: dayString(new Date(), 1),
        contactName: '王先生',
        contactPhone: '13800000009',
      })
    ).json();
    expect(refused).toMatchObject({ code: 1, message: '仓库验货服务即将开放，敬请期待' });

    expect((await asAdmin('PUT', '/api/admin/switches/inspection', { open: false })).json()).toMatchObject({
      code: 1,
      message: '仓库验货已是关闭状态',
    });
    expect((await asAdmin('PUT', '/api/admin/switches/lottery', { open: true })).json().code).toBe(2);
    expect((await asAdmin('PUT', '/api/admin/switches/inspection', { open: 'yes' })).json().code).toBe(2);
    await auditedCall('service_switch', 'inspection', 'service_switch.open', () =>
      asAdmin('PUT', '/api/admin/switches/inspection', { open: true }),
    );
    expect((await call('GET', '/api/ma/common/openCheck')).json().data.open.inspection).toBe(true);
  });
});
