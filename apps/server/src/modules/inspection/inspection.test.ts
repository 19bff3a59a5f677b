/** Warehouse inspection, uploads and openCheck through the API. */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INSPECTION_BEANS } from '@steelport/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString } from '../../dates.ts';
import {
  beanLedger,
  inspectionSteps,
  inspections,
  serviceSwitches,
  uploads,
  users,
  warehouses,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { type MultipartFile, multipart } from '../../test/multipart.ts';
import { generatedKey } from '../upload/photos.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'steelport-inspection-'));
const uploadsDir = path.join(dataDir, 'uploads');
const t = useTestApp({ DATA_DIR: dataDir });
let ip = 1;
const nextIp = () => `10.16.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const upload = (token: string | null, files: MultipartFile[]) => {
  // Photos unless a file says otherwise.
  const body = multipart(files.map((f) => ({ type: 'image/jpeg', ...f })));
  return t.app.inject({
    method: 'POST',
    url: '/api/web/upload',
    headers: { ...body.headers, ...(token ? { 'x-token': token } : {}) },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
};
const storedFiles = () => {
  try {
    return readdirSync(uploadsDir).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
};

let partnerA: number;
let partnerB: number;
let plainWarehouse: number;
const tomorrow = dayString(new Date(), 1);

const requestBody = (over: Record<string, unknown> = {}) => ({
  warehouseId: partnerA,
  coilNumbers: ['B24H0312765'],
  requestedDate: tomorrow,
  contactName: '王先生',
  contactPhone: '13800000009',
  remark: '看表面与包装',
  ...over,
});
const requestInspection = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/web/2.0/inspection/inspections',
    headers: { 'x-token': token },
    payload: body,
    remoteAddress: nextIp(),
  });
const beansOf = async (userId: number) =>
  (await t.db.select({ beans: users.beans }).from(users).where(eq(users.id, userId)))[0]!.beans;

beforeAll(async () => {
  const made = await t.db
    .insert(warehouses)
    .values([
      {
        name: '测试验货上海仓',
        city: '上海',
        market: '上海',
        region: '华东',
        province: '上海',
        address: '宝山区测试路1号',
        capacityTonnes: 50000,
        inspectionPartner: true,
      },
      {
        name: '测试验货乐从仓',
        city: '乐从',
        market: '乐从',
        region: '华南',
        province: '广东',
        address: '顺德区乐从镇测试路2号',
        capacityTonnes: 80000,
        inspectionPartner: true,
      },
      {
        name: '测试普通仓',
        city: '天津',
        market: '天津',
        region: '华北',
        province: '天津',
        capacityTonnes: 30000,
      },
    ])
    .returning({ id: warehouses.id });
  [partnerA, partnerB, plainWarehouse] = made.map((w) => w.id) as [number, number, number];
});

describe('openCheck', () => {
  it('lists the services and says a closed one is closed', async () => {
    await t.db.update(serviceSwitches).set({ open: false }).where(eq(serviceSwitches.key, 'processing'));
    const res = await t.app.inject({ method: 'GET', url: '/api/ma/common/openCheck' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.open).toMatchObject({
      inspection: true,
      cloudWarehouse: true,
      processing: false,
      payment: true,
    });
    expect(data.services.map((s: { name: string }) => s.name)).toEqual([
      '仓库验货',
      '仓库自助',
      '共享加工',
      '在线支付',
    ]);
    await t.db.update(serviceSwitches).set({ open: true }).where(eq(serviceSwitches.key, 'processing'));
  });

  it('refuses the partner list while the service is closed (issue 35)', async () => {
    await t.db.update(serviceSwitches).set({ open: false }).where(eq(serviceSwitches.key, 'inspection'));
    const res = await t.app.inject({ method: 'GET', url: '/api/web/2.0/inspection/warehouseList/region' });
    await t.db.update(serviceSwitches).set({ open: true }).where(eq(serviceSwitches.key, 'inspection'));
    expect(res.json()).toMatchObject({ code: 1, message: '仓库验货服务即将开放，敬请期待', data: null });
  });

  it('refuses an inspection request while the service is closed', async () => {
    const member = await makeUser(t.db, { beans: 100 });
    await t.db.update(serviceSwitches).set({ open: false }).where(eq(serviceSwitches.key, 'inspection'));
    const res = await requestInspection(member.token, requestBody());
    await t.db.update(serviceSwitches).set({ open: true }).where(eq(serviceSwitches.key, 'inspection'));
    expect(res.json()).toMatchObject({ code: 1, message: '仓库验货服务即将开放，敬请期待' });
    expect(await beansOf(member.id)).toBe(100);
  });
});

describe('uploads', () => {
  let owner: MadeUser;
  let other: MadeUser;
  beforeAll(async () => {
    owner = await makeUser(t.db);
    other = await makeUser(t.db);
  });

  it('asks a visitor to log in', async () => {
    expect((await upload(null, [{ name: 'a.png', bytes: PNG }])).json().code).toBe(4);
  });

  it('stores an image and a PDF, types read from the bytes, and serves them to the owner only', async () => {
    const before = storedFiles().length;
    const png = await upload(owner.token, [{ name: '质保书.jpg', bytes: PNG }]);
    expect(png.statusCode).toBe(200);
    const file = png.json().data;
    expect(file).toMatchObject({ name: '质保书.jpg', size: PNG.length, mime: 'image/png' });
    expect(file.url).toMatch(new RegExp(`^/api/web/upload/file/${file.id}\\?exp=\\d+&sig=`));
    const pdf = await upload(owner.token, [{ name: 'report.pdf', bytes: PDF, type: 'application/pdf' }]);
    expect(pdf.json().data.mime).toBe('application/pdf');
    expect(storedFiles().length).toBe(before + 2);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/web/upload/file/${file.id}`,
      headers: { 'x-token': owner.token },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    // an <img> carries no token: the signed link works on its own
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);

    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/web/upload/file/${file.id}`,
      headers: { 'x-token': other.token },
    });
    expect(theirs.json()).toMatchObject({ code: 6 });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/web/upload/file/${file.id}` });
    expect(visitor.json().code).toBe(4);
    const forged = await t.app.inject({ method: 'GET', url: `${file.url.replace(/sig=.{4}/, 'sig=AAAA')}` });
    expect(forged.json().code).toBe(4);
    const admin = await makeUser(t.db, { role: 'admin' });
    const operator = await t.app.inject({
      method: 'GET',
      url: `/api/web/upload/file/${file.id}`,
      headers: { 'x-token': admin.token },
    });
    expect(operator.statusCode).toBe(200);
  });

  it('refuses a program renamed .jpg, an oversize file, two files and an empty form, storing nothing', async () => {
    const before = storedFiles().length;
    const rows = (await t.db.select({ id: uploads.id }).from(uploads)).length;
    const exe = await upload(owner.token, [{ name: 'photo.jpg', bytes: EXE }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 2, message: expect.stringContaining('文件类型不支持') });
    const big = await upload(owner.token, [
      { name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    ]);
    expect(big.json()).toMatchObject({ code: 2, message: expect.stringContaining('不能超过 5 MB') });
    const two = await upload(owner.token, [
      { name: 'a.png', bytes: PNG },
      { name: 'b.png', bytes: PNG },
    ]);
    expect(two.json()).toMatchObject({ code: 2, message: expect.stringContaining('1 个文件') });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/web/upload',
      headers: { 'x-token': owner.token, 'content-type': 'application/json' },
      payload: { file: 'x' },
      remoteAddress: nextIp(),
    });
    expect(none.json().code).toBe(2);
    expect(storedFiles().length).toBe(before);
    expect((await t.db.select({ id: uploads.id }).from(uploads)).length).toBe(rows);
  });

  it('drops characters that reorder a file name', async () => {
    const named = await upload(owner.token, [{ name: 'invoice\u202egnp.exe.png', bytes: PNG }]);
    expect(named.json().data.name).toBe('invoicegnp.exe.png');
  });

  it('answers a form cut short with code 2', async () => {
    // The body ends inside the file: busboy's "Unexpected end of form" was a 500 with an error log.
    const whole = multipart([{ name: 'a.png', bytes: PNG }]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/web/upload',
      headers: { ...whole.headers, 'x-token': owner.token },
      payload: whole.payload.subarray(0, whole.payload.length - 60),
      remoteAddress: nextIp(),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 2, message: expect.stringContaining('表单格式不正确') });
  });

  it('limits how fast one member uploads', async () => {
    const busy = await makeUser(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await upload(busy.token, [{ name: 'x.jpg', bytes: EXE }])).json().code);
    expect(codes.slice(0, 30).every((c) => c === 2)).toBe(true);
    expect(codes[30]).toBe(7);
  });
});

describe('inspection', () => {
  it('lists partner warehouses by region, with capacity and what a request costs', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/warehouseList/region',
    });
    expect(visitor.statusCode).toBe(200);
    const data = visitor.json().data;
    expect(data).toMatchObject({ beansPerRequest: INSPECTION_BEANS, beans: null, isVip: false, total: 2 });
    expect(data.regions.map((r: { region: string }) => r.region)).toEqual(['华东', '华南']);
    expect(data.regions[0].warehouses[0]).toMatchObject({
      id: partnerA,
      name: '测试验货上海仓',
      address: '宝山区测试路1号',
      capacityTonnes: 50000,
      saturation: null,
    });
    const vip = await makeUser(t.db, { vip: true, beans: 3 });
    const forVip = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/warehouseList/region',
      headers: { 'x-token': vip.token },
    });
    expect(forVip.json().data).toMatchObject({ beansPerRequest: 0, beans: 3, isVip: true });
  });

  it('asks a visitor to log in to request, see history or a trace', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/web/2.0/inspection/inspections',
      payload: requestBody(),
    });
    expect(post.json().code).toBe(4);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/web/2.0/inspection/warehouseList/history' })).json()
        .code,
    ).toBe(4);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/web/2.0/inspection/trace/list?id=1' })).json().code,
    ).toBe(4);
  });

  it('refuses bad input with code 2 naming the field, storing nothing and charging nothing', async () => {
    const member = await makeUser(t.db, { beans: 100 });
    const cases: [Record<string, unknown>, string][] = [
      [requestBody({ coilNumbers: [], cargoIds: [] }), 'coilNumbers'],
      [requestBody({ warehouseId: plainWarehouse }), 'warehouseId'],
      [requestBody({ warehouseId: 999999 }), 'warehouseId'],
      [requestBody({ requestedDate: dayString(new Date(), -1) }), 'requestedDate'],
      [requestBody({ requestedDate: '2026-02-30' }), 'requestedDate'],
      [requestBody({ requestedDate: dayString(new Date(), 200) }), 'requestedDate'],
      [requestBody({ coilNumbers: ['B24 H03'] }), 'coilNumbers'],
      [requestBody({ coilNumbers: ['<script>'] }), 'coilNumbers'],
      [requestBody({ contactPhone: '12345' }), 'contactPhone'],
      [requestBody({ contactName: '' }), 'contactName'],
      [requestBody({ cargoIds: [2147483647] }), 'cargoIds'],
      [requestBody({ attachmentIds: [1, 2, 3, 4, 5, 6] }), 'attachmentIds'],
      [{}, 'warehouseId'],
    ];
    for (const [body, field] of cases) {
      const res = await requestInspection(member.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(2);
      expect(res.json().message).toContain(field);
    }
    expect(await t.db.select().from(inspections).where(eq(inspections.userId, member.id))).toEqual([]);
    expect(await beansOf(member.id)).toBe(100);
  });

  it('charges a member once through the ledger, VIP nothing, and a repeated submission is one request', async () => {
    const member = await makeUser(t.db, { beans: INSPECTION_BEANS + 5 });
    const file = (await upload(member.token, [{ name: '标签.png', bytes: PNG }])).json().data;
    const body = requestBody({
      attachmentIds: [file.id],
      requestKey: 'form-123456789',
      coilNumbers: ['b24h0312765', 'SG-2409-0012'],
    });
    const first = await requestInspection(member.token, body);
    expect(first.json()).toMatchObject({
      code: 0,
      data: { status: 'requested', statusText: '待受理', beansSpent: INSPECTION_BEANS, beans: 5 },
    });
    const again = await requestInspection(member.token, body);
    expect(again.json().data).toMatchObject({ id: first.json().data.id, beansSpent: 0, beans: 5 });
    expect(await beansOf(member.id)).toBe(5);
    const ledger = await t.db
      .select()
      .from(beanLedger)
      .where(and(eq(beanLedger.userId, member.id), eq(beanLedger.refType, 'inspection')));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      delta: -INSPECTION_BEANS,
      balanceAfter: 5,
      reason: 'spent',
      refId: first.json().data.id,
    });

    // too few beans now: code 5 saying the cost, nothing created
    const poor = await requestInspection(member.token, requestBody());
    expect(poor.json()).toMatchObject({
      code: 5,
      message: expect.stringContaining(`需 ${INSPECTION_BEANS} 钢豆`),
    });
    expect(await t.db.select().from(inspections).where(eq(inspections.userId, member.id))).toHaveLength(1);

    const vip = await makeUser(t.db, { vip: true, beans: 0 });
    const free = await requestInspection(vip.token, requestBody({ warehouseId: partnerB }));
    expect(free.json().data).toMatchObject({ beansSpent: 0, beans: 0, statusText: '待受理' });

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/warehouseList/history',
      headers: { 'x-token': member.token },
    });
    const page = history.json().data;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.list[0]).toMatchObject({
      warehouseName: '测试验货上海仓',
      coilNumbers: ['B24H0312765', 'SG-2409-0012'],
      statusText: '待受理',
      beansSpent: INSPECTION_BEANS,
      attachments: [{ id: file.id, name: '标签.png' }],
    });
  });

  it('refuses to attach another member’s file', async () => {
    const a = await makeUser(t.db, { vip: true });
    const b = await makeUser(t.db, { vip: true });
    const file = (await upload(a.token, [{ name: 'a.png', bytes: PNG }])).json().data;
    const res = await requestInspection(b.token, requestBody({ attachmentIds: [file.id] }));
    expect(res.json().code).toBe(6);
  });

  it('shows the trace with inspector, findings and photos to the owner only', async () => {
    const owner = await makeUser(t.db, { vip: true });
    const other = await makeUser(t.db, { vip: true });
    const id = (await requestInspection(owner.token, requestBody())).json().data.id;
    await t.db.update(inspections).set({ status: 'in_progress' }).where(eq(inspections.id, id));
    const [photo] = await t.db
      .insert(uploads)
      .values({
        ownerUserId: owner.id,
        purpose: 'inspection_photo',
        originalName: '到库核对卷号',
        storageKey: generatedKey(210, 'B24H0312765', 1),
        mime: 'image/svg+xml',
        sizeBytes: 1,
      })
      .returning();
    await t.db.insert(inspectionSteps).values([
      {
        inspectionId: id,
        step: 1,
        title: '已受理',
        at: new Date(Date.now() - 7200_000),
        inspector: '李工',
        findings: '安排验货员',
      },
      {
        inspectionId: id,
        step: 2,
        title: '到库验货',
        at: new Date(Date.now() - 3600_000),
        inspector: '李工',
        findings: '卷号相符，外包装完好',
        photos: [String(photo!.id)],
      },
    ]);
    const trace = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/inspection/trace/list?id=${id}`,
      headers: { 'x-token': owner.token },
    });
    expect(trace.statusCode).toBe(200);
    const data = trace.json().data;
    expect(data.inspection).toMatchObject({ id, statusText: '验货中', steps: 2 });
    expect(data.steps).toHaveLength(2);
    expect(data.steps[1]).toMatchObject({
      title: '到库验货',
      inspector: '李工',
      findings: '卷号相符，外包装完好',
    });
    const img = await t.app.inject({ method: 'GET', url: data.steps[1].photos[0].url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.body).toContain('B24H0312765');

    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/web/2.0/inspection/trace/list?id=${id}`,
      headers: { 'x-token': other.token },
    });
    expect(theirs.json().code).toBe(6);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/trace/list?id=2147483647',
      headers: { 'x-token': owner.token },
    });
    expect(unknown.json().code).toBe(6);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/trace/list?id=abc',
      headers: { 'x-token': owner.token },
    });
    expect(bad.json().code).toBe(2);
    const othersHistory = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/warehouseList/history?status=in_progress',
      headers: { 'x-token': other.token },
    });
    expect(othersHistory.json().data).toMatchObject({ total: 0, list: [] });
    const ownHistory = await t.app.inject({
      method: 'GET',
      url: '/api/web/2.0/inspection/warehouseList/history?status=in_progress',
      headers: { 'x-token': owner.token },
    });
    expect(ownHistory.json().data.list.map((r: { id: number }) => r.id)).toEqual([id]);
  });
});
