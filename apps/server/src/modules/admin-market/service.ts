/**
 * Market data in the operator console (issue 18): warehouse daily figures and index corrections.
 *
 * Both are inputs of the steel index, so a write recomputes what depends on it with the index
 * job's own computation (`recomputeFrom`), in the write's transaction, together with exactly one
 * audit row: a correction recomputes its day and every later day (a chained day moves with the
 * day before it, the next day's change is against it, the weekly reviews quote them); new
 * figures of a sample warehouse recompute the index and saturation from their day on. Days after
 * the newest published one are left to the scheduled job. The index service forgets its cached
 * series once the transaction has committed, so the portal's chart shows the change at once.
 *
 * An import checks every row first (preview and commit alike) and writes all rows or none, with
 * one audit row summing it up.
 */
import {
  ADMIN_MARKET_LIMITS,
  type AdminIndexCorrectionsPage,
  type IndexCorrectionBody,
  type IndexCorrectionResult,
  type IndexCorrectionsQuery,
  type IndexDayQuery,
  type IndexDayView,
  type MarketRecompute,
  type PageOf,
  type WarehouseDailyCreateBody,
  type WarehouseDailyImportPreview,
  type WarehouseDailyImportResult,
  type WarehouseDailyOptions,
  type WarehouseDailyQuery,
  type WarehouseDailyRow,
  type WarehouseDailyUpdateBody,
  type WarehouseDailyWritten,
} from '@steelport/contracts';
import { dayString, daysBetween, isRealDay } from '../../dates.ts';
import type { Database, Db, DbOrTx, Tx } from '../../db/client.ts';
import { BusinessError, Invalid, NotFound } from '../../errors.ts';
import { say } from '../../text.ts';
import { type AuditContext, auditedWrites, recordAudit } from '../audit/service.ts';
import { presentAdminCorrection } from '../steel-index/present-corrections.ts';
import { correctionRow, correctionRows, recomputeFrom } from '../steel-index/service.ts';
import { type ReadTable, readTable, SheetError } from '../trader-import/sheet.ts';
import {
  correctionValuesOf,
  dailyFiguresOf,
  indexDaySnapshot,
  presentDaily,
  presentIndexDayView,
} from './present.ts';
import * as repo from './repo.ts';
import {
  checkDailyRows,
  DAILY_LAYOUT,
  type DailyField,
  type DailySheetValues,
  dailyTemplate,
  rowErrorText,
} from './sheet.ts';

const L = ADMIN_MARKET_LIMITS;
/** Rows of a preview shown as they will be written. */
const SAMPLE_ROWS = 10;

/** An uploaded file: its name and bytes. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Today in Shanghai, the trade's calendar. */
const today = () => dayString(new Date());

/** Refuses a day that is no calendar day or lies in the future (code 2). */
function checkPastDay(field: string, day: string): void {
  if (!isRealDay(day))
    throw new Invalid(
      say(`参数错误：${field} 不是有效日期`, `Invalid request: ${field} is not a valid date`),
    );
  if (day > today())
    throw new Invalid(
      say(
        `参数错误：${field} ${day} 是未来的日期，不能填报或更正`,
        `Invalid request: ${field} ${day} lies in the future and cannot be reported or corrected`,
      ),
    );
}

/** The market data service of the console. */
export function adminMarketService(deps: {
  db: Db;
  engine: Database['engine'];
  /** after a write recomputed index days: the cached series forgotten, the index alerts checked */
  onIndexChanged: () => void;
}) {
  const { db, engine, onIndexChanged } = deps;

  const daily = auditedWrites(db, {
    entity: 'warehouse_daily',
    async load(tx, id) {
      const row = await repo.dailyById(tx, id);
      if (!row) throw new NotFound(say('仓库日报不存在', 'Warehouse daily report not found'));
      return presentDaily(row);
    },
  });

  /**
   * Recomputes the index from `day` when a sample warehouse's figures changed. `tx` is the
   * transaction `auditedWrites` hands its callback (typed as DbOrTx there): the job's lock is
   * taken on it and lasts until the write commits.
   */
  async function recomputeForDaily(tx: DbOrTx, isSample: boolean, day: string): Promise<MarketRecompute> {
    return isSample ? recomputeFrom(tx as Tx, engine, day) : null;
  }

  /** Reads and checks an uploaded sheet against the stored warehouses and products. */
  async function checkSheet(file: UploadedFile) {
    let sheet: ReadTable<DailyField>;
    try {
      sheet = await readTable(file.bytes, DAILY_LAYOUT, L.importRowsMax);
    } catch (err) {
      if (err instanceof SheetError) throw new BusinessError(err.text);
      throw err;
    }
    const [whs, prods] = [await repo.warehouseChoices(db), await repo.productChoices(db)];
    const checked = checkDailyRows(sheet, {
      warehouses: new Map(whs.map((w) => [w.name, w.id])),
      products: new Map(prods.map((p) => [p.name, p.id])),
      today: today(),
    });
    const sample = new Map(whs.map((w) => [w.id, w.isSample && w.active]));
    return { rows: sheet.rows.length, ...checked, isSample: (id: number) => sample.get(id) === true };
  }

  return {
    /** One page of daily figures, filtered by warehouse, product and a day range (≤ 366 days). */
    async page(q: WarehouseDailyQuery): Promise<PageOf<WarehouseDailyRow>> {
      if (q.from && !isRealDay(q.from))
        throw new Invalid(say('参数错误：from 不是有效日期', 'Invalid request: from is not a valid date'));
      if (q.to && !isRealDay(q.to))
        throw new Invalid(say('参数错误：to 不是有效日期', 'Invalid request: to is not a valid date'));
      if (q.from && q.to) {
        if (q.from > q.to)
          throw new Invalid(
            say(
              '参数错误：开始日期不能晚于结束日期',
              'Invalid request: the start date must not be after the end date',
            ),
          );
        if (daysBetween(q.from, q.to).length > L.rangeDaysMax) {
          throw new Invalid(
            say(
              `参数错误：日期范围最多 ${L.rangeDaysMax} 天`,
              `Invalid request: the date range may span at most ${L.rangeDaysMax} days`,
            ),
          );
        }
      }
      const { list, total } = await repo.dailyPage(db, q, q.page, q.pageSize);
      return { list: list.map(presentDaily), total, page: q.page, pageSize: q.pageSize };
    },

    /** Warehouses and products to choose from, and the newest day with figures. */
    async options(): Promise<WarehouseDailyOptions> {
      return {
        warehouses: await repo.warehouseChoices(db),
        products: await repo.productChoices(db),
        latestDay: await repo.latestDailyDay(db),
      };
    },

    /** Enters one warehouse's figures of one product and day (code 1 when that day has them). */
    async create(ctx: AuditContext, body: WarehouseDailyCreateBody): Promise<WarehouseDailyWritten> {
      checkPastDay('day', body.day);
      let recomputed: MarketRecompute = null;
      const row = await daily.create(ctx, async (tx) => {
        const whs = await repo.warehouseChoices(tx);
        const wh = whs.find((w) => w.id === body.warehouseId);
        if (!wh) throw new NotFound(say('仓库不存在', 'Warehouse not found'));
        const prods = await repo.productChoices(tx);
        if (!prods.some((p) => p.id === body.productId))
          throw new NotFound(say('品名不存在', 'Product not found'));
        if ((await repo.dailyIdOf(tx, body.warehouseId, body.productId, body.day)) !== null) {
          throw new BusinessError(
            say(
              `${wh.name} 该品名 ${body.day} 已有日报，请在列表中编辑`,
              `This warehouse already has a daily report of this product for ${body.day}; edit it in the list`,
            ),
          );
        }
        const id = await repo.insertDaily(tx, {
          warehouseId: body.warehouseId,
          productId: body.productId,
          day: body.day,
          ...dailyFiguresOf(body),
        });
        recomputed = await recomputeForDaily(tx, wh.isSample && wh.active, body.day);
        return id;
      });
      if (recomputed) onIndexChanged();
      return { row, recomputed };
    },

    /** Replaces the figures of one row (its warehouse, product and day stay). */
    async update(
      ctx: AuditContext,
      id: number,
      body: WarehouseDailyUpdateBody,
    ): Promise<WarehouseDailyWritten> {
      let recomputed: MarketRecompute = null;
      const row = await daily.update(ctx, id, async (tx, before) => {
        await repo.updateDaily(tx, id, dailyFiguresOf(body));
        recomputed = await recomputeForDaily(tx, before.isSample, before.day);
      });
      if (recomputed) onIndexChanged();
      return { row, recomputed };
    },

    /** The import template (.xlsx) with an example row of a real warehouse and product. */
    async template(): Promise<Buffer> {
      const [wh] = await repo.warehouseChoices(db);
      const [product] = await repo.productChoices(db);
      return dailyTemplate({
        warehouse: wh?.name ?? '乐从钢铁世界仓',
        product: product?.name ?? '热轧卷板',
        day: today(),
      });
    },

    /** Reads and checks a sheet; writes nothing. */
    async preview(file: UploadedFile): Promise<WarehouseDailyImportPreview> {
      const checked = await checkSheet(file);
      const existing = await repo.existingDailyKeys(db, checked.values);
      const days = checked.values.map((v) => v.day).sort();
      const replaces = (v: DailySheetValues) => existing.has(`${v.warehouseId}|${v.productId}|${v.day}`);
      const updates = checked.values.filter(replaces).length;
      return {
        fileName: file.filename.slice(0, 200),
        rows: checked.rows,
        validRows: checked.values.length,
        errorCount: checked.errors.length,
        errors: checked.errors.slice(0, L.importErrorsShown),
        sample: checked.values.slice(0, SAMPLE_ROWS).map((v) => ({
          row: v.row,
          warehouse: v.warehouse,
          product: v.product,
          day: v.day,
          inWeight: v.inWeight,
          outWeight: v.outWeight,
          stockWeight: v.stockWeight,
          packWeight: v.packWeight,
          tradingWeight: v.tradingWeight,
          dealWeight: v.dealWeight,
          deals: v.deals,
          price: v.price,
          replaces: replaces(v),
        })),
        inserts: checked.values.length - updates,
        updates,
        from: days[0] ?? null,
        to: days[days.length - 1] ?? null,
      };
    },

    /**
     * Writes a sheet: every row or none. A sheet with any row error, or without rows, is refused
     * (code 1, the first errors in the message). One transaction: the rows, the recompute of the
     * index from the earliest day of a sample warehouse, and one audit row with the summary.
     */
    async commit(ctx: AuditContext, file: UploadedFile): Promise<WarehouseDailyImportResult> {
      const checked = await checkSheet(file);
      if (checked.errors.length > 0) {
        const first = checked.errors.slice(0, 3).map(rowErrorText).join('；');
        throw new BusinessError(
          say(
            `表格有 ${checked.errors.length} 处错误，未导入任何数据：${first}`,
            // The row errors are Chinese: the English names their rows, the preview shows each.
            `The sheet has ${checked.errors.length} errors; nothing was imported. See rows ${[...new Set(checked.errors.slice(0, 3).map((e) => e.row))].join(', ')} in the preview`,
          ),
        );
      }
      if (checked.values.length === 0)
        throw new BusinessError(
          say('表格没有数据行，未导入任何数据', 'The sheet has no data rows; nothing was imported'),
        );
      const days = checked.values.map((v) => v.day).sort();
      const from = days[0] as string;
      const to = days[days.length - 1] as string;
      const sampleDays = checked.values.filter((v) => checked.isSample(v.warehouseId)).map((v) => v.day);
      const fileName = file.filename.slice(0, 200);
      const result = await db.transaction(async (tx) => {
        const existing = await repo.existingDailyKeys(tx, checked.values);
        const updated = checked.values.filter((v) =>
          existing.has(`${v.warehouseId}|${v.productId}|${v.day}`),
        ).length;
        await repo.upsertDaily(
          tx,
          checked.values.map((v) => ({
            warehouseId: v.warehouseId,
            productId: v.productId,
            day: v.day,
            ...dailyFiguresOf(v),
          })),
        );
        const earliestSample = sampleDays.sort()[0];
        const recomputed = earliestSample ? await recomputeFrom(tx, engine, earliestSample) : null;
        const summary: WarehouseDailyImportResult = {
          fileName,
          rows: checked.values.length,
          inserted: checked.values.length - updated,
          updated,
          from,
          to,
          recomputed,
        };
        await recordAudit(tx, ctx, {
          action: 'warehouse_daily.import',
          entity: 'warehouse_daily',
          entityId: null,
          before: { replacedRows: updated },
          after: {
            ...summary,
            warehouses: [...new Set(checked.values.map((v) => v.warehouse))].slice(0, 50),
            products: [...new Set(checked.values.map((v) => v.product))],
          },
        });
        return summary;
      });
      if (result.recomputed) onIndexChanged();
      return result;
    },

    /** One computed index day (code 6 for an unknown index, code 1 for a day without data). */
    async indexDay(q: IndexDayQuery): Promise<IndexDayView> {
      checkPastDay('day', q.day);
      const def = await repo.definitionById(db, q.indexId);
      if (!def) throw new NotFound(say('指数不存在', 'Index not found'));
      const row = await repo.indexDayOf(db, q.indexId, q.day);
      if (!row)
        throw new BusinessError(
          say(`${def.name} 在 ${q.day} 没有指数数据`, `This index has no data on ${q.day}`),
        );
      return presentIndexDayView(row, def.name);
    },

    /** Past corrections, newest first, with who made them. */
    async corrections(q: IndexCorrectionsQuery): Promise<AdminIndexCorrectionsPage> {
      const { list, total } = await correctionRows(db, q);
      return { list: list.map(presentAdminCorrection), total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * Corrects one day of one index: stores the correction (carrying over an earlier correction
     * of the day for the fields not given now), recomputes that day and every later one with the
     * job's computation, and answers the day and the next day before and after. One transaction
     * with one audit row (`index_correction.create`, the days before and after).
     */
    async correct(ctx: AuditContext, body: IndexCorrectionBody): Promise<IndexCorrectionResult> {
      checkPastDay('day', body.day);
      const values = correctionValuesOf(body);
      if (Object.keys(values).length === 0) {
        throw new Invalid(
          say(
            '参数错误：请至少填写一项更正值（价格、库存、入库、出库、成交、打包或挂牌量）',
            'Invalid request: enter at least one corrected value (price, stock, inflow, outflow, deals, packed or listed)',
          ),
        );
      }
      const result = await db.transaction(async (tx) => {
        const def = await repo.definitionById(tx, body.indexId);
        if (!def) throw new NotFound(say('指数不存在', 'Index not found'));
        const before = await repo.indexDayOf(tx, body.indexId, body.day);
        if (!before)
          throw new BusinessError(
            say(
              `${def.name} 在 ${body.day} 没有指数数据，不能更正`,
              `This index has no data on ${body.day}, so there is nothing to correct`,
            ),
          );
        const stored = indexDaySnapshot(before);
        if (Object.entries(values).every(([key, value]) => stored[key] === value)) {
          throw new BusinessError(
            say(
              '更正值与当前值相同，无需更正',
              'The corrected values equal the current ones; nothing to correct',
            ),
          );
        }
        const earlier = (await repo.activeCorrectionValues(tx, body.indexId, body.day)) ?? {};
        const nextBefore = await repo.nextIndexDay(tx, body.indexId, body.day);
        const id = await repo.insertCorrection(tx, {
          indexId: body.indexId,
          day: body.day,
          values: { ...earlier, ...values },
          before: stored,
          reason: body.reason,
          actorUserId: ctx.operatorId,
        });
        const recomputed = await recomputeFrom(tx, engine, body.day);
        const after = await mustDay(tx, body.indexId, body.day);
        const nextAfter = nextBefore ? await mustDay(tx, body.indexId, nextBefore.day) : null;
        const correction = await correctionRow(tx, id);
        if (!correction) throw new NotFound(say('更正记录不存在', 'Correction not found'));
        const view = (r: repo.StoredIndexDay | null) => (r ? presentIndexDayView(r, def.name) : null);
        const out: IndexCorrectionResult = {
          correction: presentAdminCorrection(correction),
          before: presentIndexDayView(before, def.name),
          after: presentIndexDayView(after, def.name),
          nextBefore: view(nextBefore),
          nextAfter: view(nextAfter),
          recomputed,
        };
        await recordAudit(tx, ctx, {
          action: 'index_correction.create',
          entity: 'index_correction',
          entityId: id,
          before: { day: out.before, nextDay: out.nextBefore },
          after: { day: out.after, nextDay: out.nextAfter, reason: body.reason, recomputed },
        });
        return out;
      });
      onIndexChanged();
      return result;
    },
  };
}

/** A day that must exist (it was just recomputed). */
async function mustDay(tx: DbOrTx, indexId: number, day: string): Promise<repo.StoredIndexDay> {
  const row = await repo.indexDayOf(tx, indexId, day);
  if (!row) throw new NotFound(say('指数数据不存在', 'Index data not found'));
  return row;
}

/** What `adminMarketService` gives. */
export type AdminMarketService = ReturnType<typeof adminMarketService>;
