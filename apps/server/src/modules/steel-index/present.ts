/**
 * Presenters: the only place index figures turn from stored units (fen, kg) into API units
 * (yuan with two decimals, tonnes with three), under PORTAL §3's field names.
 */
import type { IndexDay, IndexDefinitionInfo, IndexPoint, IndexRow } from '@steelport/contracts';
import { ratioOf } from './maths.ts';
import type { DefinitionRow, IndexDayRow, SeriesRow } from './repo.ts';

/** fen -> yuan, two decimals. */
export const toYuan = (fen: number) => Math.round(fen) / 100;
/** kg -> tonnes, three decimals. */
export const toTonnes = (kg: number) => Math.round(kg) / 1000;

/** A definition as the API shows it. */
export function presentDefinition(d: DefinitionRow): IndexDefinitionInfo {
  return {
    id: d.id,
    code: d.code,
    name: d.name,
    market: d.market,
    product: d.product,
    composite: d.productId === null || d.market === '全国',
    description: d.description,
    baseDate: d.baseDate,
    basePrice: toYuan(d.basePriceFen),
  };
}

/** PORTAL §3 Index row. */
export function presentIndexRow(d: DefinitionRow, r: IndexDayRow): IndexRow {
  const previousFen = r.priceFen - r.changeFen;
  return {
    id: d.id,
    code: d.code,
    date: r.day,
    indexName: d.name,
    market: d.market,
    product: d.product,
    price: toYuan(r.priceFen),
    points: r.points,
    change: toYuan(r.changeFen),
    changeRatio: ratioOf(r.changeFen, previousFen > 0 ? previousFen : null),
    changePoints: r.changePoints,
    stockWeight: toTonnes(r.stockKg),
    dealWeight: toTonnes(r.dealKg),
    tradingWeight: toTonnes(r.tradingKg),
    packWeight: toTonnes(r.packKg),
    inWeight: toTonnes(r.inKg),
    outWeight: toTonnes(r.outKg),
    changeStock: toTonnes(r.changeStockKg),
    changetradingWeight: toTonnes(r.changeTradingKg),
    changePackWeight: toTonnes(r.changePackKg),
    changeStockRatio: r.changeStockRatio,
    tradingWeightRatio: r.tradingWeightRatio,
    changePackWeightRatio: r.changePackRatio,
    sampleCount: r.sampleCount,
    removedOutliers: r.removedOutliers,
    corrected: r.corrected,
  };
}

/** A chart point. */
export function presentPoint(r: SeriesRow): IndexPoint {
  return {
    date: r.day,
    price: toYuan(r.priceFen),
    points: r.points,
    change: toYuan(r.changeFen),
    stockWeight: toTonnes(r.stockKg),
    dealWeight: toTonnes(r.dealKg),
    tradingWeight: toTonnes(r.tradingKg),
    packWeight: toTonnes(r.packKg),
    inWeight: toTonnes(r.inKg),
    outWeight: toTonnes(r.outKg),
  };
}

/** PORTAL §3 Index day (snake_case). */
export function presentIndexDay(r: SeriesRow): IndexDay {
  return {
    date: r.day,
    index_id: r.indexId,
    price: toYuan(r.priceFen),
    points: r.points,
    tradeChange: toYuan(r.changeFen),
    out_weight: toTonnes(r.outKg),
    in_weight: toTonnes(r.inKg),
    deal_weight: toTonnes(r.dealKg),
    stock_weight: toTonnes(r.stockKg),
    pack_weight: toTonnes(r.packKg),
    trading_weight: toTonnes(r.tradingKg),
  };
}
