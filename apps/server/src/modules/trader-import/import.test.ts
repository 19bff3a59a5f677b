/** Excel/CSV import and export of a trader's own rows, through the API (and the service for a failure mid-commit). */
import { TRADER_LIMITS } from '@steelport/contracts';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayString, shiftDay } from '../../dates.ts';
import { buildSearchText, cargo, quotations, surplus, traderImports } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import {
  batchHookStore,
  CARGO_HEADER,
  type Cell,
  commitAndWait,
  previewImport,
  xlsx,
} from '../../test/imports.ts';
import { makeCatalog, makeLot, type TestCatalog } from '../../test/lots.ts';
import { makeQuotes } from '../../test/quotes.ts';
import { tradeDictionary } from '../search/dictionary.ts';
import { traderImportService } from './service.ts';

const t = useTestApp();
let catalog: TestCatalog;
let ip = 1;
const nextIp = () => `10.31.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeAll(async () => {
  catalog = await makeCatalog(t.db);
});

const preview = (user: MadeUser, kind: string, bytes: Buffer, name?: string) =>
  previewImport(t.app, user.token, kind, bytes, { ...(name ? { name } : {}), remoteAddress: nextIp() });
const commit = (user: MadeUser, id: string, mode: 'append' | 'replace') =>
  t.app.inject({
    method: 'POST',
    url: `/api/trader/import/${id}/commit`,
    headers: { 'x-token': user.token },
    payload: { mode },
  });
const status = (user: MadeUser, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/trader/import/${id}`, headers: { 'x-token': user.token } });

/** Previews and commits a sheet; waits until it ran. Returns the final status. */
async function importSheet(
  user: MadeUser,
  kind: string,
  bytes: Buffer,
  mode: 'append' | 'replace' = 'append',
) {
  const p = await preview(user, kind, bytes);
  expect(p.json()).toMatchObject({ code: 0, data: { errorCount: 0 } });
  return commitAndWait(t.app, user.token, p.json().data.importId, mode);
}

const liveLots = (companyId: number) =>
  t.db
    .select()
    .from(cargo)
    .where(and(eq(cargo.companyId, companyId), ne(cargo.status, 'deleted')))
    .orderBy(cargo.id);

describe('template', () => {
  it('offers a template per kind that imports as it is', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/trader/import/template/surplus',
      headers: { 'x-token': trader.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as Cell[]).slice(1);
    expect(header).toEqual([...CARGO_HEADER, '品级', '缺陷']);
    const p = await preview(trader, 'surplus', res.rawPayload);
    expect(p.json()).toMatchObject({ code: 0, data: { rows: 1, valid: 1, errorCount: 0 } });
    expect(p.json().data.sample[0]).toMatchObject({
      product: '热轧卷板',
      spec: '2.75*1250*C',
      city: '乐从',
      price: 4120,
    });

    const q = await t.app.inject({
      method: 'GET',
      url: '/api/trader/import/template/quotation',
      headers: { 'x-token': trader.token },
    });
    await book.xlsx.load(q.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as Cell[]).slice(1)).not.toContain('件数');
  });

  it('is for traders only', async () => {
    const member = await makeUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/trader/import/template/cargo',
      headers: { 'x-token': member.token },
    });
    expect(res.json()).toMatchObject({ code: 5, message: '该功能仅对已认证的商家开放' });
  });
});

describe('row errors', () => {
  it('names the row, column, value and reason of each of twenty kinds of mistakes', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const ok: Cell[] = ['热卷', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', '', 3, 75.5, 4120, ''];
    const set = (i: number, v: Cell) => ok.map((c, j) => (j === i ? v : c));
    const cases: [Cell[], string, string, string][] = [
      [set(0, '螺纹钢'), '品名', '螺纹钢', '品名「螺纹钢」不在品名表中'],
      [set(2, '2.75/1250'), '规格', '2.75/1250', '规格「2.75/1250」无法识别，应如 2.75*1250*C'],
      [set(7, '十吨'), '重量(吨)', '十吨', '重量应为数字（吨）'],
      [set(7, -5), '重量(吨)', '-5', '重量应大于 0'],
      [set(7, 1.2345), '重量(吨)', '1.2345', '重量最多三位小数（吨）'],
      [set(6, 0), '件数', '0', '件数至少为 1'],
      [set(8, '便宜'), '单价(元/吨)', '便宜', '单价「便宜」应为数字（元/吨）或“电议”'],
      [set(0, ''), '品名', '', '请填写品名'],
      [set(9, '长'.repeat(201)), '备注', '长'.repeat(201), '备注最多 200 个字，现有 201 个'],
      [set(4, '新仓库'), '城市', '', '仓库不在库中时请填写城市'],
      [set(6, 2.5), '件数', '2.5', '件数应为整数'],
      [set(7, ''), '重量(吨)', '', '请填写重量（吨）'],
      [set(8, -100), '单价(元/吨)', '-100', '单价不能为负数'],
      [set(8, 100_001), '单价(元/吨)', '100001', '单价不能超过 100000 元/吨'],
      [set(8, 4120.555), '单价(元/吨)', '4120.555', '单价最多两位小数（元/吨）'],
      [set(2, ''), '规格', '', '请填写规格，如 2.75*1250*C'],
      [set(6, 200_000), '件数', '200000', '件数不能超过 100000'],
      [set(7, 100_001), '重量(吨)', '100001', '重量不能超过 100000 吨'],
      [set(1, 'Q'.repeat(31)), '材质', 'Q'.repeat(31), '材质最多 30 个字，现有 31 个'],
      [set(4, ''), '城市', '', '请填写仓库或城市'],
      [set(6, '三件'), '件数', '三件', '件数应为整数'],
    ];
    const bytes = await xlsx([CARGO_HEADER, ok, ...cases.map((c) => c[0])]);
    const res = await preview(trader, 'cargo', bytes);
    expect(res.json().code).toBe(0);
    const data = res.json().data;
    expect(data).toMatchObject({ rows: 22, valid: 1, errorCount: 21 });
    expect(data.errors).toEqual(
      cases.map(([, column, value, message], i) => ({ row: i + 3, column, value, message })),
    );

    // Refused while any row is wrong, and nothing was written.
    const c = await commit(trader, data.importId, 'append');
    expect(c.json()).toMatchObject({ code: 1, message: '表格中有 21 行有错误，请修改后重新上传再导入' });
    expect(await liveLots(trader.companyId!)).toEqual([]);
  });
});

describe('tolerant reading', () => {
  it('reads a sheet as traders keep it and publishes rows search finds like seeded ones', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const bytes = await xlsx(
      [
        ['润钢贸易 现货资源表 2026年11月', null, null, null, null, null, null, null, null, null, null, null],
        [],
        [
          '品种',
          ' 牌号 ',
          '厚度',
          '宽度',
          '长度',
          '钢厂',
          '存放仓库',
          '地区',
          '数量',
          '吨位',
          '含税价',
          '说明',
        ],
        [
          '热卷',
          'q235b',
          '３．０',
          '1500',
          'C',
          '日照',
          '乐从钢铁世界仓',
          '',
          '５',
          '１２５．５',
          '4,050',
          '导入测试甲',
        ],
        [],
        ['热轧卷板 ', 'SPHC', 4.75, 1250, null, '宝钢', '新港仓', '天津', '2', 48.125, '电议', 'ABC测试'],
        ['冷卷', 'SPCC', 1, 1250, 2500, '本钢', '张家港保税仓', null, 10, 20, null, null],
      ],
      'A1:L1',
    );
    const p = await preview(trader, 'cargo', bytes);
    expect(p.json().data).toMatchObject({ rows: 3, valid: 3, errorCount: 0, errors: [] });
    expect(p.json().data.columns).toContainEqual({ header: '含税价', field: 'price' });
    // Nothing is published by a preview.
    expect(await liveLots(trader.companyId!)).toEqual([]);

    const done = await commit(trader, p.json().data.importId, 'append');
    expect(done.json().data).toMatchObject({
      state: 'done',
      total: 3,
      processed: 3,
      inserted: 3,
      removed: 0,
    });
    const rows = await liveLots(trader.companyId!);
    expect(
      rows.map((r) => [r.productId, r.material, r.materialId, r.spec, r.form, r.origin, r.millId]),
    ).toEqual([
      [catalog.hrc, 'Q235B', catalog.q235b, '3.0*1500*C', 'coil', '日照', catalog.rizhao],
      [catalog.hrc, 'SPHC', catalog.sphc, '4.75*1250*C', 'coil', '宝钢', catalog.baosteel],
      [catalog.crc, 'SPCC', null, '1.0*1250*2500', 'sheet', '本钢', null],
    ]);
    expect(
      rows.map((r) => [r.warehouseId, r.warehouseName, r.city, r.pieces, r.weightKg, r.priceFen]),
    ).toEqual([
      [catalog.lecong.id, '乐从钢铁世界仓', '乐从', 5, 125_500, 405_000],
      [null, '新港仓', '天津', 2, 48_125, 0],
      [catalog.zhangjiagang.id, '张家港保税仓', '张家港', 10, 20_000, 0],
    ]);
    const shortName = rows[0]!.searchText.split(' ').at(-2);
    expect(rows[0]!.searchText).toBe(
      buildSearchText({
        product: '热轧卷板',
        material: 'Q235B',
        spec: '3.0*1500*C',
        mill: '日照',
        warehouse: '乐从钢铁世界仓',
        city: '乐从',
        supplier: shortName,
        remark: '导入测试甲',
      }),
    );

    // A seeded lot with the same words: one keyword finds both.
    const seeded = await makeLot(t.db, catalog, { spec: '3.0*1500*C', remark: '导入测试甲' });
    for (const keyword of ['导入测试甲', '热卷 3.0*1500 日照 乐从 导入测试甲']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/web/2.0/searchCargo/page',
        payload: { keyword },
        remoteAddress: nextIp(),
      });
      const ids = res.json().data.list.map((r: { id: number }) => r.id);
      expect(ids.sort()).toEqual([rows[0]!.id, seeded.id].sort());
    }
  });

  it('reads CSV in UTF-8 with a BOM and in GBK', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        '品名,规格,仓库,件数,重量,单价,备注\r\n热卷,2.75*1250*C,乐从钢铁世界仓,3,75.5,"4,120","含逗号,的备注"\r\n',
      ),
    ]);
    const p = await preview(trader, 'cargo', utf8, 'a.csv');
    expect(p.json().data).toMatchObject({ valid: 1, errorCount: 0 });
    expect(p.json().data.sample[0]).toMatchObject({ price: 4120, remark: '含逗号,的备注' });
    // 品名,规格,仓库,件数,重量,单价 / 热卷,2.75*1250*C,乐从钢铁世界仓,3,75.5,电议 saved by Excel as GBK
    const gbk = Buffer.from(
      'c6b7c3fb2cb9e6b8f12cb2d6bfe22cbcfecafd2cd6d8c1bf2cb5a5bcdb0d0ac8c8beed2c322e37352a313235302a432cc0d6b4d3b8d6ccfacac0bde7b2d62c332c37352e352cb5e7d2e90d0a',
      'hex',
    );
    const g = await preview(trader, 'cargo', gbk, 'b.csv');
    expect(g.json().data).toMatchObject({ valid: 1, errorCount: 0 });
    expect(g.json().data.sample[0]).toMatchObject({
      product: '热轧卷板',
      warehouse: '乐从钢铁世界仓',
      price: 0,
    });
  });
});

describe('files that are not sheets', () => {
  it('says what is wrong with the file', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 0),
    ]);
    expect((await preview(trader, 'cargo', png, 'a.png')).json()).toMatchObject({
      code: 1,
      message: '文件不是表格：请上传 Excel（.xlsx）或 CSV 文件',
    });
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(64, 0),
    ]);
    expect((await preview(trader, 'cargo', xls, 'a.xls')).json().message).toContain('另存为 .xlsx 或 CSV');
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)]);
    expect((await preview(trader, 'cargo', zip)).json().message).toContain('无法读取这个 Excel 文件');
    const noHeader = await xlsx([
      ['a', 'b'],
      [1, 2],
    ]);
    expect((await preview(trader, 'cargo', noHeader)).json().message).toContain('未找到表头');
    const headerOnly = await xlsx([CARGO_HEADER]);
    expect((await preview(trader, 'cargo', headerOnly)).json().message).toBe('表格中没有数据行');
  });

  it('refuses a file too big or with too many rows', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const big = Buffer.alloc(TRADER_LIMITS.importFileBytes + 1, 0x41);
    expect((await preview(trader, 'cargo', big, 'big.csv')).json()).toMatchObject({
      code: 1,
      message: '文件不能超过 20 MB',
    });
    const line = '热卷,2.75*1250*C,乐从钢铁世界仓,3,75.5,4120\n';
    const many = Buffer.from(
      `品名,规格,仓库,件数,重量,单价\n${line.repeat(TRADER_LIMITS.importRowsMax + 1)}`,
    );
    expect((await preview(trader, 'cargo', many, 'many.csv')).json()).toMatchObject({
      code: 1,
      message: `表格最多 ${TRADER_LIMITS.importRowsMax} 行数据，请分成几个文件导入`,
    });
  });
});

describe('commit', () => {
  const sheetOf = (remarks: string[]) =>
    xlsx([
      CARGO_HEADER,
      ...remarks.map((r) => ['热卷', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', '', 3, 75.5, 4120, r]),
    ]);

  it('appends, or replaces what the trader had', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const old = await makeLot(t.db, catalog, { companyId: trader.companyId!, remark: '旧的' });
    const other = await makeLot(t.db, catalog, { remark: '别人的' });

    const appended = await importSheet(trader, 'cargo', await sheetOf(['甲', '乙']), 'append');
    expect(appended).toMatchObject({ state: 'done', mode: 'append', inserted: 2, removed: 0 });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual(['旧的', '甲', '乙']);

    const replaced = await importSheet(trader, 'cargo', await sheetOf(['丙']), 'replace');
    expect(replaced).toMatchObject({ state: 'done', mode: 'replace', inserted: 1, removed: 3 });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual(['丙']);
    const [gone] = await t.db.select().from(cargo).where(eq(cargo.id, old.id));
    expect(gone!.status).toBe('deleted');
    const [kept] = await t.db.select().from(cargo).where(eq(cargo.id, other.id));
    expect(kept!.status).toBe('on_sale');
  });

  it('runs once, and only for its own company within 30 minutes', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const stranger = await makeUser(t.db, { role: 'trader' });
    const p = await preview(trader, 'cargo', await sheetOf(['一']));
    const id = p.json().data.importId;
    expect((await commit(stranger, id, 'append')).json()).toMatchObject({
      code: 6,
      message: '导入记录不存在',
    });
    expect((await status(stranger, id)).json().code).toBe(6);
    expect((await status(trader, id)).json().data).toMatchObject({
      state: 'previewed',
      total: 1,
      processed: 0,
    });
    expect((await commit(trader, id, 'append')).json().data.state).toBe('done');
    expect((await commit(trader, id, 'append')).json()).toMatchObject({
      code: 1,
      message: '该表格已经导入过了；如需再次导入请重新上传',
    });
    expect((await status(trader, id)).json().data).toMatchObject({ state: 'done', inserted: 1 });

    const late = (await preview(trader, 'cargo', await sheetOf(['二']))).json().data.importId;
    await t.db
      .update(traderImports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(traderImports.id, late));
    expect((await commit(trader, late, 'append')).json()).toMatchObject({
      code: 6,
      message: '导入已过期（30 分钟内有效），请重新上传',
    });
    const unknown = await commit(trader, '00000000-0000-4000-8000-000000000000', 'append');
    expect(unknown.json().code).toBe(6);
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual(['一']);
  });

  it('leaves nothing written when it fails mid-way, and says so', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    await makeLot(t.db, catalog, { companyId: trader.companyId!, remark: '原有' });
    const remarks = Array.from({ length: 2500 }, (_, i) => `第${i}行`);
    const p = await preview(trader, 'cargo', await sheetOf(remarks));
    const id = p.json().data.importId;
    const failing = traderImportService({
      db: t.db,
      store: batchHookStore(t.app.store, { failAfterRows: 2000 }),
      dictionary: tradeDictionary({ db: t.db }),
    });
    const user = { id: trader.id, companyId: trader.companyId };
    let s = await failing.commit(user, id, 'replace');
    await failing.settle();
    s = await failing.status(user, id);
    expect(s).toMatchObject({
      state: 'failed',
      inserted: 0,
      message: '导入失败，未写入任何行，请重新上传后再试',
    });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual(['原有']);
    const all = await t.db.select().from(cargo).where(eq(cargo.companyId, trader.companyId!));
    expect(all).toHaveLength(1);
    expect((await status(trader, id)).json().data.state).toBe('failed');
  });

  it('reports an import whose process died as failed', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const id = (await preview(trader, 'cargo', await sheetOf(['断']))).json().data.importId;
    // What a killed process leaves: the row says running, no progress in the store, no rows.
    await t.db
      .update(traderImports)
      .set({ state: 'running', mode: 'append' })
      .where(eq(traderImports.id, id));
    expect((await status(trader, id)).json().data).toMatchObject({
      state: 'failed',
      message: '导入中断，未写入任何行，请重新上传',
    });
    const [row] = await t.db.select().from(traderImports).where(eq(traderImports.id, id));
    expect(row!.state).toBe('failed');
  });

  it('shows its progress while it runs, then the result', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const p = await preview(
      trader,
      'cargo',
      await sheetOf(Array.from({ length: 2100 }, (_, i) => `进度${i}`)),
    );
    const id = p.json().data.importId;
    let reached!: () => void;
    let release!: () => void;
    const atFirstBatch = new Promise<void>((r) => {
      reached = r;
    });
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = traderImportService({
      db: t.db,
      store: batchHookStore(t.app.store, {
        afterBatch: async (written) => {
          if (written === 1000) {
            reached();
            await gate;
          }
        },
      }),
      dictionary: tradeDictionary({ db: t.db }),
      answerWaitMs: 0,
      onRowsWritten: async ({ ids }) => {
        written.push(...ids);
      },
    });
    const written: number[] = [];
    const user = { id: trader.id, companyId: trader.companyId };
    const answer = await slow.commit(user, id, 'append');
    expect(answer).toMatchObject({ state: 'running', total: 2100 });
    await atFirstBatch;
    // Progress comes from the shared store while the transaction holds the rows (on PGlite even
    // the one connection, so no database read may happen here).
    expect(await slow.status(user, id)).toMatchObject({ state: 'running', total: 2100, processed: 1000 });
    release();
    await slow.settle();
    expect((await status(trader, id)).json().data).toMatchObject({
      state: 'done',
      processed: 2100,
      inserted: 2100,
    });
    expect(await liveLots(trader.companyId!)).toHaveLength(2100);
    // Three batches, each built while the one before was written: every new row reaches the
    // saved searches, in the sheet's order.
    const stored = await t.db
      .select({ id: cargo.id, remark: cargo.remark })
      .from(cargo)
      .where(inArray(cargo.id, written));
    const remarkOf = new Map(stored.map((r) => [r.id, r.remark]));
    expect(written.map((lotId) => remarkOf.get(lotId))).toEqual(
      Array.from({ length: 2100 }, (_, i) => `进度${i}`),
    );
    expect((await commit(trader, id, 'append')).json()).toMatchObject({ code: 1 });
  });

  it('answers running at once while the batches are written, also on the embedded database', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const p = await preview(
      trader,
      'cargo',
      await sheetOf(Array.from({ length: 4000 }, (_, i) => `后台${i}`)),
    );
    const id = p.json().data.importId;
    const quick = traderImportService({
      db: t.db,
      store: t.app.store,
      dictionary: tradeDictionary({ db: t.db }),
      answerWaitMs: 20,
    });
    const user = { id: trader.id, companyId: trader.companyId };
    // The test's PGlite runs each query on this thread: without a pause between batches the commit's
    // timer only fired once every batch was written, and the answer waited for all of them.
    const answer = await quick.commit(user, id, 'append');
    expect(answer).toMatchObject({ state: 'running', total: 4000 });
    expect(answer.processed).toBeLessThan(4000);
    await quick.settle();
    expect(await quick.status(user, id)).toMatchObject({ state: 'done', inserted: 4000 });
  });

  it('imports surplus with grade and defects', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const bytes = await xlsx([
      [...CARGO_HEADER, '品级', '缺陷'],
      ['热卷', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', '', 1, 20, 3800, '', '次品', '边浪'],
    ]);
    await importSheet(trader, 'surplus', bytes);
    const rows = await t.db.select().from(surplus).where(eq(surplus.companyId, trader.companyId!));
    expect(rows.map((r) => [r.grade, r.defects, r.weightKg, r.status])).toEqual([
      ['次品', '边浪', 20_000, 'on_sale'],
    ]);
  });

  it("imports today's quotes with the change against the previous quote of the same item", async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const today = dayString(new Date());
    await makeQuotes(t.db, catalog, [
      { companyId: trader.companyId!, day: shiftDay(today, -1), price: 4000, warehouse: 'lecong' },
    ]);
    const bytes = await xlsx([
      ['品名', '材质', '规格', '产地', '仓库', '城市', '重量(吨)', '单价(元/吨)', '备注'],
      ['热卷', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', '', '', 4050, ''],
      ['冷卷', 'SPHC', '1.0*1250*C', '宝钢', '', '上海', 100, '电议', ''],
    ]);
    await importSheet(trader, 'quotation', bytes);
    const rows = await t.db
      .select()
      .from(quotations)
      .where(and(eq(quotations.companyId, trader.companyId!), eq(quotations.quoteDate, today)))
      .orderBy(quotations.id);
    expect(rows.map((r) => [r.priceFen, r.prevPriceFen, r.changeFen, r.weightKg, r.city])).toEqual([
      [405_000, 400_000, 5_000, 0, '乐从'],
      [0, null, 0, 100_000, '上海'],
    ]);
  });
});

describe('quotations appended', () => {
  it('replace the same items quoted earlier today and refuse an item written twice in one sheet', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const today = dayString(new Date());
    const header = ['品名', '材质', '规格', '产地', '仓库', '城市', '重量(吨)', '单价(元/吨)', '备注'];
    await importSheet(
      trader,
      'quotation',
      await xlsx([header, ['热卷', 'Q235B', '2.75*1250*C', '日照', '', '上海', '', 4050, '']]),
    );
    const again = await importSheet(
      trader,
      'quotation',
      await xlsx([
        header,
        ['热卷', 'Q235B', '2.75*1250*C', '日照', '', '上海', '', 4080, ''],
        ['冷卷', 'SPCC', '1.0*1250*C', '本钢', '', '上海', '', 5100, ''],
      ]),
    );
    expect(again).toMatchObject({ state: 'done', inserted: 2, removed: 1 });
    const live = await t.db
      .select({ priceFen: quotations.priceFen })
      .from(quotations)
      .where(
        and(
          eq(quotations.companyId, trader.companyId!),
          eq(quotations.quoteDate, today),
          isNull(quotations.deletedAt),
        ),
      )
      .orderBy(quotations.id);
    expect(live.map((r) => r.priceFen)).toEqual([408_000, 510_000]);

    const twice = await preview(
      trader,
      'quotation',
      await xlsx([
        header,
        ['热卷', 'Q235B', '2.75*1250*C', '日照', '', '上海', '', 4080, ''],
        ['热卷', 'Q235B', '2.75*1250*C', '日照', '', '上海', '', 4090, ''],
      ]),
    );
    expect(twice.json().data).toMatchObject({
      valid: 1,
      errorCount: 1,
      errors: [{ row: 3, column: '', message: expect.stringContaining('出现了两次') }],
    });
  });
});

/** The trader's export of `kind` as the API sends it, and its first sheet read back. */
async function exported(trader: { token: string }, kind: 'cargo' | 'quotation') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/trader/export/${kind}`,
    headers: { 'x-token': trader.token },
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, sheet: book.worksheets[0]! };
}

describe('export', () => {
  it('exports the own rows in the template columns so that importing them back changes nothing', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const bytes = await xlsx([
      CARGO_HEADER,
      ['热卷', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', '', 3, 75.5, 4120, '可开平'],
      ['热卷', 'SPHC', '4.75*1250', '宝钢', '新港仓', '天津', 2, 48.125, '电议', ''],
      ['冷卷', 'SPCC', '1.0*1250*2500', '本钢', '', '上海', 10, 20.001, 5100.5, '切板'],
    ]);
    await importSheet(trader, 'cargo', bytes);
    const fields = (r: typeof cargo.$inferSelect) => {
      const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = r;
      return rest;
    };
    const before = (await liveLots(trader.companyId!)).map(fields);

    const { res, sheet } = await exported(trader, 'cargo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect((sheet.getRow(1).values as Cell[]).slice(1)).toEqual(CARGO_HEADER);
    expect(sheet.rowCount).toBe(4);

    const again = await importSheet(trader, 'cargo', res.rawPayload, 'replace');
    expect(again).toMatchObject({ inserted: 3, removed: 3 });
    expect((await liveLots(trader.companyId!)).map(fields)).toEqual(before);

    // Into an emptied account, append gives the same rows too.
    await t.db.update(cargo).set({ status: 'deleted' }).where(eq(cargo.companyId, trader.companyId!));
    await importSheet(trader, 'cargo', res.rawPayload, 'append');
    expect((await liveLots(trader.companyId!)).map(fields)).toEqual(before);
  });

  it('exports text a spreadsheet would run as a formula as text, and reads it back unchanged', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const remarks = ['=HYPERLINK("http://x.example","点此")', '+86 联系', '@张三', '-可议价'];
    await importSheet(
      trader,
      'cargo',
      await xlsx([
        CARGO_HEADER,
        ...remarks.map((remark, i) => [
          '热卷',
          'Q235B',
          `2.75*${1250 + i}*C`,
          '日照',
          '',
          '上海',
          1,
          25,
          4000,
          remark,
        ]),
      ]),
    );
    const { res, sheet } = await exported(trader, 'cargo');
    const column = CARGO_HEADER.indexOf('备注') + 1;
    const cells = [2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(column).value);
    expect(cells.sort()).toEqual(remarks.map((r) => `'${r}`).sort());

    await importSheet(trader, 'cargo', res.rawPayload, 'replace');
    const stored = (await liveLots(trader.companyId!)).map((lot) => lot.remark);
    expect(stored.sort()).toEqual([...remarks].sort());
  });

  it("exports the latest day's quotes", async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const today = dayString(new Date());
    await makeQuotes(t.db, catalog, [
      { companyId: trader.companyId!, day: shiftDay(today, -2), price: 3900, remark: '旧' },
      { companyId: trader.companyId!, day: shiftDay(today, -1), price: 4000, weight: 50, remark: '新' },
    ]);
    const { sheet } = await exported(trader, 'quotation');
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as Cell[]).slice(1)).toEqual([
      '热轧卷板',
      'Q235B',
      '2.75*1250*C',
      '日照',
      undefined,
      '乐从',
      50,
      4000,
      '新',
    ]);
  });
});

/** A page of a preview's rows as the API answers it. */
const rowsPage = (user: MadeUser, id: string, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/trader/import/${id}/rows?${query}`,
    headers: { 'x-token': user.token },
  });

describe("errors on the sheet's own columns (issue 35)", () => {
  it('names the column the sheet has and says plainly what it lacks', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    // No 城市 column: an unknown or empty warehouse is the 存放仓库 cell's problem.
    const noCity = await xlsx([
      ['品种', '牌号', '规格', '钢厂', '存放仓库', '数量', '吨位', '含税价'],
      ['热卷', 'Q235B', '2.75*1250*C', '日照', '乐从钢铁世界仓', 3, 75.5, 4120],
      ['热卷', 'Q235B', '2.75*1250*C', '日照', '新仓库', 3, 75.5, 4120],
      ['热卷', 'Q235B', '2.75*1250*C', '日照', '', 3, 75.5, '便宜'],
    ]);
    const p = await preview(trader, 'cargo', noCity);
    expect(p.json().data).toMatchObject({ rows: 3, valid: 1, errorCount: 2 });
    const expected = [
      {
        row: 3,
        column: '存放仓库',
        value: '新仓库',
        message: '仓库「新仓库」不在仓库表中，表格又没有「城市」列：请写仓库表中的仓库名，或加一列「城市」',
      },
      { row: 4, column: '存放仓库', value: '', message: '请填写仓库（表格没有「城市」列）' },
      { row: 4, column: '含税价', value: '便宜', message: '单价「便宜」应为数字（元/吨）或“电议”' },
    ];
    expect(p.json().data.errors).toEqual(expected);
    // The rows' page says the same, in the request's language too.
    const id = p.json().data.importId as string;
    const page = await rowsPage(trader, id, 'errorsOnly=true');
    expect(page.json().data.list.flatMap((r: { errors: unknown[] }) => r.errors)).toEqual(expected);
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/trader/import/${id}/rows?errorsOnly=true&pageSize=1`,
      headers: { 'x-token': trader.token, 'x-lang': 'en' },
    });
    expect(en.json().data.list[0].errors[0]).toMatchObject({
      column: '存放仓库',
      message: expect.stringContaining('the sheet has no city column'),
    });

    // A required column the sheet lacks is named as missing, on the whole row.
    const noPieces = await preview(
      trader,
      'cargo',
      await xlsx([
        ['品名', '规格', '城市', '重量'],
        ['热卷', '2.75*1250*C', '上海', 20],
      ]),
    );
    expect(noPieces.json().data.errors).toEqual([
      { row: 2, column: '', value: '', message: '表格没有「件数」列，请加上这一列：请填写件数' },
    ]);
    // A city asked for in a sheet without warehouses does not send the trader to a 仓库 column.
    const noWarehouse = await preview(
      trader,
      'cargo',
      await xlsx([
        ['品名', '规格', '地区', '件数', '重量'],
        ['热卷', '2.75*1250*C', '', 1, 20],
      ]),
    );
    expect(noWarehouse.json().data.errors).toEqual([
      { row: 2, column: '地区', value: '', message: '请填写城市（表格没有「仓库」列）' },
    ]);
  });
});

describe('the rows of a preview (issue 35)', () => {
  it('are all shown page by page, or only those with errors, by any instance', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const bad = new Set([10, 30, 44]);
    const rows: Cell[][] = Array.from({ length: 45 }, (_, i) => [
      '热卷',
      'Q235B',
      bad.has(i) ? '2.75/abc' : '2.75*1250*C',
      '日照',
      '乐从钢铁世界仓',
      '',
      3,
      75.5,
      4120,
      `第${i}行`,
    ]);
    const p = await preview(trader, 'cargo', await xlsx([CARGO_HEADER, ...rows]));
    const id = p.json().data.importId as string;
    expect(p.json().data).toMatchObject({ rows: 45, valid: 42, errorCount: 3 });

    const last = (await rowsPage(trader, id, 'page=3&pageSize=20')).json().data;
    expect(last).toMatchObject({ total: 45, page: 3, pageSize: 20 });
    expect(last.list.map((r: { row: number }) => r.row)).toEqual([42, 43, 44, 45, 46]);
    expect(last.list[3]).toEqual({
      row: 45,
      cells: {
        product: '热卷',
        material: 'Q235B',
        spec: '2.75*1250*C',
        origin: '日照',
        warehouse: '乐从钢铁世界仓',
        city: '',
        pieces: '3',
        weight: '75.5',
        price: '4120',
        remark: '第43行',
      },
      errors: [],
    });
    expect(last.list[4].errors).toEqual([
      { row: 46, column: '规格', value: '2.75/abc', message: '规格「2.75/abc」无法识别，应如 2.75*1250*C' },
    ]);

    // Another instance has not seen the preview: it reads the staged file once, and pages the same.
    const other = traderImportService({
      db: t.db,
      store: t.app.store,
      dictionary: tradeDictionary({ db: t.db }),
    });
    const user = { id: trader.id, companyId: trader.companyId };
    const onlyBad = await other.rows(user, id, { page: 1, pageSize: 2, errorsOnly: true });
    expect(onlyBad.total).toBe(3);
    expect(onlyBad.list.map((r) => r.row)).toEqual([12, 32]);
    const next = (await rowsPage(trader, id, 'page=2&pageSize=2&errorsOnly=true')).json().data;
    expect(next.list.map((r: { row: number }) => r.row)).toEqual([46]);

    // A third instance imports its good rows from the staged file just the same.
    const third = traderImportService({
      db: t.db,
      store: t.app.store,
      dictionary: tradeDictionary({ db: t.db }),
    });
    await third.commit(user, id, 'append', { skipErrors: true });
    await third.settle();
    expect(await third.status(user, id)).toMatchObject({ state: 'done', inserted: 42, skipped: 3 });
    expect(await liveLots(trader.companyId!)).toHaveLength(42);
    expect((await rowsPage(trader, id, 'page=1')).json()).toMatchObject({ code: 1 });

    // Someone else's preview is no preview at all; an imported one has no pages left.
    const stranger = await makeUser(t.db, { role: 'trader' });
    expect((await rowsPage(stranger, id, 'page=1')).json().code).toBe(6);
    expect((await rowsPage(trader, id, 'pageSize=101')).json().code).toBe(2);
  });
});

describe('importing the good rows only (issue 35)', () => {
  const header = ['序号', ...CARGO_HEADER];
  const row = (n: number, spec: string, remark: string): Cell[] => [
    n,
    '热卷',
    'Q235B',
    spec,
    '日照',
    '乐从钢铁世界仓',
    '',
    3,
    75.5,
    4120,
    remark,
  ];

  it('writes the rows that pass, and hands back the others as a sheet to fix and upload', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    await makeLot(t.db, catalog, { companyId: trader.companyId!, remark: '原有' });
    const other = await makeLot(t.db, catalog, { remark: '别人的' });
    const bytes = await xlsx([
      ['润钢贸易 现货资源表', null, null],
      header,
      row(1, '2.75*1250*C', '好甲'),
      row(2, '2.75*abc', '=1+1'),
      row(3, '3.0*1500*C', '好乙'),
      [4, '螺纹钢', 'HRB400', '', '日照', '新仓库', '', 'x', 75.5, 4120, '坏乙'],
      row(5, '4.75*1250*C', '好丙'),
    ]);
    const p = await preview(trader, 'cargo', bytes, '十一月现货.xlsx');
    expect(p.json().data).toMatchObject({ rows: 5, valid: 3, errorCount: 2 });
    const id = p.json().data.importId as string;

    // All or nothing stays the default: refused, nothing written.
    expect((await commit(trader, id, 'append')).json()).toMatchObject({
      code: 1,
      message: '表格中有 2 行有错误，请修改后重新上传再导入',
    });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual(['原有']);

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/trader/import/${id}/commit`,
      headers: { 'x-token': trader.token },
      payload: { mode: 'append', skipErrors: true },
    });
    expect(done.json().data).toMatchObject({
      state: 'done',
      total: 5,
      processed: 3,
      inserted: 3,
      removed: 0,
      skipped: 2,
    });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual([
      '原有',
      '好甲',
      '好乙',
      '好丙',
    ]);
    const [kept] = await t.db.select().from(cargo).where(eq(cargo.id, other.id));
    expect(kept!.status).toBe('on_sale');

    // The bad rows: the upload's own columns (序号 too), as written, plus 错误.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/trader/import/${id}/bad-rows`,
      headers: { 'x-token': trader.token },
    });
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(file.headers['content-disposition'] as string)).toContain(
      '十一月现货-有误的行.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as Cell[]).slice(1);
    expect(sheet.rowCount).toBe(3);
    expect(values(1)).toEqual([...header, '错误']);
    expect(values(2).slice(0, -1)).toEqual([
      2,
      '热卷',
      'Q235B',
      '2.75*abc',
      '日照',
      '乐从钢铁世界仓',
      undefined,
      3,
      75.5,
      4120,
      "'=1+1",
    ]);
    expect(values(2).at(-1)).toBe('规格：规格「2.75*abc」无法识别，应如 2.75*1250*C');
    expect(values(3).slice(0, -1)).toEqual([
      4,
      '螺纹钢',
      'HRB400',
      undefined,
      '日照',
      '新仓库',
      undefined,
      'x',
      75.5,
      4120,
      '坏乙',
    ]);
    expect(String(values(3).at(-1)).split('；')).toEqual([
      '品名：品名「螺纹钢」不在品名表中',
      '规格：请填写规格，如 2.75*1250*C',
      '城市：仓库不在库中时请填写城市',
      '件数：件数应为整数',
    ]);

    // Fixed in place and uploaded again, it imports as it is (错误 is no column of a row).
    sheet.getRow(2).getCell(4).value = '2.75*1500*C';
    sheet.getRow(3).getCell(2).value = '热卷';
    sheet.getRow(3).getCell(4).value = '5.75*1500*C';
    sheet.getRow(3).getCell(7).value = '上海';
    sheet.getRow(3).getCell(8).value = 2;
    const fixed = Buffer.from(await book.xlsx.writeBuffer());
    const again = await importSheet(trader, 'cargo', fixed);
    expect(again).toMatchObject({ state: 'done', inserted: 2, skipped: 0 });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual([
      '原有',
      '好甲',
      '好乙',
      '好丙',
      '=1+1',
      '坏乙',
    ]);

    // The file waits 30 minutes; an import that left nothing out has none.
    await t.db
      .update(traderImports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(traderImports.id, id));
    const late = await t.app.inject({
      method: 'GET',
      url: `/api/trader/import/${id}/bad-rows`,
      headers: { 'x-token': trader.token },
    });
    expect(late.json()).toMatchObject({ code: 6, message: expect.stringContaining('已过期') });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/trader/import/${again.importId}/bad-rows`,
      headers: { 'x-token': trader.token },
    });
    expect(none.json()).toMatchObject({ code: 1, message: '这次导入没有留下有误的行' });
  });

  it('is refused when no row passes, and writes nothing when it fails mid-way', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const allBad = await preview(trader, 'cargo', await xlsx([header, row(1, 'x', ''), row(2, 'y', '')]));
    const skip = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/trader/import/${id}/commit`,
        headers: { 'x-token': trader.token },
        payload: { mode: 'append', skipErrors: true },
      });
    expect((await skip(allBad.json().data.importId)).json()).toMatchObject({
      code: 1,
      message: '表格中没有无误的行可导入，请修改后重新上传',
    });

    await makeLot(t.db, catalog, { companyId: trader.companyId!, remark: '原有' });
    const many = Array.from({ length: 2500 }, (_, i) =>
      row(i, i % 100 === 0 ? 'bad' : '2.75*1250*C', `第${i}行`),
    );
    const p = await preview(trader, 'cargo', await xlsx([header, ...many]));
    expect(p.json().data).toMatchObject({ valid: 2475, errorCount: 25 });
    const failing = traderImportService({
      db: t.db,
      store: batchHookStore(t.app.store, { failAfterRows: 2000 }),
      dictionary: tradeDictionary({ db: t.db }),
    });
    const user = { id: trader.id, companyId: trader.companyId };
    const id = p.json().data.importId as string;
    await failing.commit(user, id, 'replace', { skipErrors: true });
    await failing.settle();
    expect(await failing.status(user, id)).toMatchObject({ state: 'failed', inserted: 0, skipped: 0 });
    expect((await liveLots(trader.companyId!)).map((r) => r.remark)).toEqual(['原有']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/trader/import/${id}/bad-rows`,
          headers: { 'x-token': trader.token },
        })
      ).json().code,
    ).toBe(1);
  });
});
