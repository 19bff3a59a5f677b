/**
 * Sheets that would cost the server (issue 28, rows 1 and 7): a crafted .xlsx is refused fast
 * while /healthz keeps answering, previews are limited per company, and a staged file lives no
 * longer than its preview (with errors too: issue 35 pages its rows and imports its good rows).
 */

import { deflateRawSync } from 'node:zlib';
import { TRADER_LIMITS } from '@steelport/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { traderImports } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { type MadeUser, makeUser } from '../../test/factories.ts';
import { makeCatalog } from '../../test/lots.ts';
import { fileBody } from '../../test/multipart.ts';
import { PREVIEW_MB_PER_HOUR, PREVIEWS_PER_HOUR } from './service.ts';
import { readSheet, readTable, type SheetOutRow, streamWorkbook } from './sheet.ts';
import { checkZip, FALLBACK_SHEET_BYTES } from './sheet-parse.ts';

const t = useTestApp();
let ip = 1;
const nextIp = () => `10.28.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeAll(async () => {
  await makeCatalog(t.db);
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip of deflated entries, in the given order, with a central directory (what an .xlsx is). */
function zip(entries: [name: string, content: Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = deflateRawSync(content);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The probe's sheet: a minimal workbook whose worksheet has a million rows of one inline string
 * each, rows and cells without references (`r=`). `text(i)` is row i's string.
 */
function craftedSheet(text: (i: number) => string, firstWithReference = false): Buffer {
  const rows: string[] = [];
  for (let i = 0; i < 1_000_000; i++) rows.push(`<row><c t="inlineStr"><is><t>${text(i)}</t></is></c></row>`);
  if (firstWithReference) rows[0] = `<row r="1"><c r="A1" t="inlineStr"><is><t>${text(0)}</t></is></c></row>`;
  const ns = 'http://schemas.openxmlformats.org';
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  return zip([
    [
      '[Content_Types].xml',
      xml(
        `<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    ],
    [
      '_rels/.rels',
      xml(
        `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      xml(
        `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/worksheets/sheet1.xml',
      xml(
        `<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
      ),
    ],
  ]);
}

const preview = (user: MadeUser, bytes: Buffer, name = '资源.xlsx') => {
  const body = fileBody(bytes, name);
  return t.app.inject({
    method: 'POST',
    url: '/api/trader/import/cargo/preview',
    headers: { ...body.headers, 'x-token': user.token },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
};

/**
 * Runs `work` while /healthz is asked again and again: how long `work` took and the longest
 * time /healthz went without an answer (from the start to the first answer, between answers,
 * and from the last answer to the end).
 */
async function whileHealthz<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; longestGap: number }> {
  const start = performance.now();
  let last = start;
  let longestGap = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await work();
  const ms = performance.now() - start;
  longestGap = Math.max(longestGap, performance.now() - last);
  done = true;
  await poll;
  return { result, ms, longestGap };
}

const csv = (lines: string[]) => Buffer.from(lines.join('\n'));
const CARGO_HEADER = '品名,材质,规格,产地/钢厂,仓库,城市,件数,重量(吨),单价(元/吨),备注';

describe('a crafted sheet', () => {
  // Pseudo-random cells: the worksheet (about 55 MB) compresses like a real one, so only its
  // rows without references are odd; cells of one letter compress a thousandfold (a zip bomb).
  let probe: Buffer;
  let bomb: Buffer;
  let mixed: Buffer;
  let trader: MadeUser;
  beforeAll(async () => {
    probe = craftedSheet((i) => ((i * 2654435761) >>> 0).toString(36));
    bomb = craftedSheet(() => 'x');
    // Its first cell has a reference, so only the streaming reader finds the others have none.
    mixed = craftedSheet((i) => ((i * 2654435761) >>> 0).toString(36), true);
    trader = await makeUser(t.db, { role: 'trader' });
    // The first upload of the process starts the reader's worker thread.
    const warm = await preview(
      trader,
      csv([CARGO_HEADER, '热卷,Q235B,2.75*1250*C,日照,,上海,1,25,4000,']),
      '预热.csv',
    );
    expect(warm.json().code).toBe(0);
  });

  it('is refused in under 2 s with code 2 while /healthz keeps answering', async () => {
    for (const [file, limitMs] of [
      [probe, 2000],
      [bomb, 2000],
      // Spooled and streamed up to its second row before the fallback refuses it: slower.
      [mixed, 5000],
    ] as const) {
      const { result: res, ms, longestGap } = await whileHealthz(() => preview(trader, file));
      console.info(
        `crafted sheet (${file.length} bytes): refused in ${Math.round(ms)} ms, longest /healthz gap ${Math.round(longestGap)} ms`,
      );
      expect(res.json()).toMatchObject({ code: 2, message: expect.stringContaining('表格过大') });
      expect(ms).toBeLessThan(limitMs);
      expect(longestGap).toBeLessThan(500);
    }
  }, 120_000);

  it("still reads a trader's export whose worksheet is too large for the whole-workbook fallback", async () => {
    const rows: SheetOutRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      product: '热轧卷板',
      material: 'Q235B',
      spec: `2.75*${1000 + (i % 500)}*C`,
      origin: '日照',
      warehouse: '乐从钢铁世界仓',
      city: '乐从',
      pieces: 3,
      weight: 25 + i / 1000,
      price: 4000 + (i % 300),
      remark: `第${i}卷 可开平`,
    }));
    let given = false;
    const stream = streamWorkbook('cargo', async () => {
      if (given) return [];
      given = true;
      return rows;
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const sheet = await readSheet(bytes);
    expect(sheet.rows).toHaveLength(10_000);
    expect(sheet.rows[9999]!.cells).toMatchObject({ product: '热轧卷板', remark: '第9999卷 可开平' });
    // Its worksheet is larger than what the fallback would load, so the streaming reader read it.
    expect(checkZip(bytes)).toBeGreaterThan(FALLBACK_SHEET_BYTES);
  });
});

describe('the worker thread that reads a sheet', () => {
  it('is terminated past its time limit, and the file refused with code 2', async () => {
    const lines = Array.from(
      { length: 50_000 },
      (_, i) => `热卷,Q235B,2.75*${1000 + i}*C,日照,,上海,1,25,4000,`,
    );
    const layout = { fieldOf: () => null, isHeader: () => false, noHeader: '未找到表头' };
    const started = performance.now();
    await expect(readTable(csv(lines), layout, 100_000, { timeMs: 50, memoryMb: 256 })).rejects.toMatchObject(
      {
        code: 2,
        message: expect.stringContaining('读取超时'),
      },
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('previews of a company', () => {
  it(`are limited to ${PREVIEWS_PER_HOUR} an hour (code 7), for that company only`, async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const other = await makeUser(t.db, { role: 'trader' });
    const wrong = csv([CARGO_HEADER, '不存在的品名,Q235B,2.75*1250*C,日照,,上海,1,25,4000,']);
    for (let i = 0; i < PREVIEWS_PER_HOUR; i++) {
      expect((await preview(trader, wrong, '错误.csv')).json().code).toBe(0);
    }
    expect((await preview(trader, wrong, '错误.csv')).json()).toMatchObject({
      code: 7,
      message: expect.stringContaining(`每小时最多 ${PREVIEWS_PER_HOUR} 次`),
    });
    expect((await preview(other, wrong, '错误.csv')).json().code).toBe(0);
  });

  it(`are limited to ${PREVIEW_MB_PER_HOUR} MB of files an hour (code 7)`, async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    // Files just under the upload limit, without a header: each is read and refused (code 1).
    const big = Buffer.alloc(TRADER_LIMITS.importFileBytes - 4096, 'a,b,c\n');
    const files = Math.floor(PREVIEW_MB_PER_HOUR / (TRADER_LIMITS.importFileBytes / 1024 / 1024));
    for (let i = 0; i < files; i++) {
      expect((await preview(trader, big, '大.csv')).json()).toMatchObject({
        code: 1,
        message: expect.stringContaining('未找到表头'),
      });
    }
    const small = csv([CARGO_HEADER, '热卷,Q235B,2.75*1250*C,日照,,上海,1,25,4000,']);
    expect((await preview(trader, small, '小.csv')).json()).toMatchObject({
      code: 7,
      message: expect.stringContaining(`${PREVIEW_MB_PER_HOUR} MB`),
    });
  }, 120_000);
});

describe('the staged file of a preview', () => {
  const storedBytes = async (id: string) => {
    const [row] = await t.db
      .select({ n: sql<number>`octet_length(${traderImports.fileBytes})::int` })
      .from(traderImports)
      .where(eq(traderImports.id, id));
    return row!.n;
  };

  it('is kept while the preview lasts, errors or not, and dropped once it expires', async () => {
    const trader = await makeUser(t.db, { role: 'trader' });
    const wrong = await preview(
      trader,
      csv([
        CARGO_HEADER,
        ...Array.from({ length: 500 }, () => '不存在的品名,Q235B,2.75*1250*C,日照,,上海,1,25,4000,'),
      ]),
      '全错.csv',
    );
    expect(wrong.json().data).toMatchObject({ valid: 0, errorCount: 500 });
    const wrongId = wrong.json().data.importId as string;
    expect(await storedBytes(wrongId)).toBeGreaterThan(0);

    const good = await preview(
      trader,
      csv([CARGO_HEADER, '热卷,Q235B,2.75*1250*C,日照,,上海,1,25,4000,']),
      '对.csv',
    );
    const id = good.json().data.importId as string;
    expect(good.json().data).toMatchObject({ valid: 1, errorCount: 0 });
    expect(await storedBytes(id)).toBeGreaterThan(0);
    for (const expired of [id, wrongId])
      await t.db
        .update(traderImports)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(traderImports.id, expired));
    // The next preview (of anyone) sweeps expired files.
    await preview(trader, csv([CARGO_HEADER, '热卷,Q235B,2.75*1250*C,日照,,上海,1,25,4000,']), '又.csv');
    expect(await storedBytes(id)).toBe(0);
    expect(await storedBytes(wrongId)).toBe(0);
  });
});
