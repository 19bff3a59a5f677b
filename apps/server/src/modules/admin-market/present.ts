/**
 * The console's market data between stored units (kg, fen) and API units (吨 with three
 * decimals, 元/吨 with two), both ways: rows out, entered figures and corrections in.
 */
import type {
  IndexCorrectionBody,
  IndexDayView,
  WarehouseDailyRow,
  WarehouseDailyUpdateBody,
} from '@steelport/contracts';
import { toFen, toKg, toTonnes, toYuan } from '../../present.ts';
import { CORRECTION_STORED } from '../steel-index/present-corrections.ts';
import type { DailyFigures, DailyRow, StoredIndexDay } from './repo.ts';

/** A daily row as the console lists it. */
export function presentDaily(r: DailyRow): WarehouseDailyRow {
  return {
    id: r.id,
    warehouseId: r.warehouseId,
    warehouse: r.warehouse,
    market: r.market,
    isSample: r.isSample && r.sampleActive,
    productId: r.productId,
    product: r.product,
    day: r.day,
    inWeight: toTonnes(r.inKg),
    outWeight: toTonnes(r.outKg),
    stockWeight: toTonnes(r.stockKg),
    packWeight: toTonnes(r.packKg),
    tradingWeight: toTonnes(r.tradingKg),
    dealWeight: toTonnes(r.dealKg),
    deals: r.deals,
    price: toYuan(r.priceFen),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Entered figures (吨, 元/吨) as stored (kg, fen). */
export function dailyFiguresOf(body: WarehouseDailyUpdateBody): DailyFigures {
  return {
    inKg: toKg(body.inWeight),
    outKg: toKg(body.outWeight),
    stockKg: toKg(body.stockWeight),
    packKg: toKg(body.packWeight),
    tradingKg: toKg(body.tradingWeight),
    dealKg: toKg(body.dealWeight),
    deals: body.deals,
    priceFen: toFen(body.price),
  };
}

/** An index day as the correction screen shows it. */
export function presentIndexDayView(r: StoredIndexDay, indexName: string): IndexDayView {
  return {
    indexId: r.indexId,
    indexName,
    day: r.day,
    price: toYuan(r.priceFen),
    points: r.points,
    change: toYuan(r.changeFen),
    changePoints: r.changePoints,
    stockWeight: toTonnes(r.stockKg),
    inWeight: toTonnes(r.inKg),
    outWeight: toTonnes(r.outKg),
    dealWeight: toTonnes(r.dealKg),
    packWeight: toTonnes(r.packKg),
    tradingWeight: toTonnes(r.tradingKg),
    source: r.source,
    provisional: r.provisional,
    corrected: r.corrected,
  };
}

/** The corrected values a request gives, as stored (priceFen, stockKg...): only the fields it names. */
export function correctionValuesOf(body: IndexCorrectionBody): Record<string, number> {
  const out: Record<string, number> = {};
  if (body.price !== undefined) out.priceFen = toFen(body.price);
  for (const [field, { key }] of Object.entries(CORRECTION_STORED)) {
    if (field === 'price') continue;
    const value = body[field as keyof IndexCorrectionBody];
    if (typeof value === 'number') out[key] = toKg(value);
  }
  return out;
}

/** What a correction keeps of the day before it (stored units), for the before -> after list. */
export function indexDaySnapshot(r: StoredIndexDay): Record<string, number | string | null> {
  return {
    priceFen: r.priceFen,
    points: r.points,
    changeFen: r.changeFen,
    stockKg: r.stockKg,
    inKg: r.inKg,
    outKg: r.outKg,
    dealKg: r.dealKg,
    packKg: r.packKg,
    tradingKg: r.tradingKg,
    source: r.source,
  };
}
