/**
 * Presenters: the only place index figures turn from stored units (fen, kg, ratios) into API
 * units (yuan with two decimals, tonnes with three, percent), under the field names of
 * docs/api.md#index-fields. The conversions themselves are the server's one set in
 * src/present.ts.
 */
import type {
  DealInformation,
  IndexDay,
  IndexDefinitionInfo,
  IndexInfoCompact,
  IndexMethodology,
  IndexPoint,
  IndexRow,
  SaturationSample,
} from '@steelport/contracts';
import { toPercent, toTonnes, toYuan } from '../../present.ts';
import { NATIONWIDE } from './compute.ts';
import {
  CONFIRM_SAMPLES,
  HIERARCHY,
  METHOD_VERSION,
  MIN_DEVIATION_SHARE,
  MIN_QUOTES,
  OUTLIER_DEVIATIONS,
  PROVISIONAL_CHANGE,
  ratioOf,
} from './maths.ts';
import type {
  DealInformationRows,
  DefinitionRow,
  IndexDayRow,
  SaturationRow,
  SeriesRow,
} from './repo/read.ts';

/** What every served day discloses about its inputs: source, samples, outliers, provisional. */
function presentDisclosure(
  r: Pick<SeriesRow, 'source' | 'sampleCount' | 'removedOutliers' | 'provisional'>,
): Pick<IndexPoint, 'source' | 'sampleCount' | 'outlierCount' | 'provisional'> {
  return {
    source: r.source,
    sampleCount: r.sampleCount,
    outlierCount: r.removedOutliers,
    provisional: r.provisional,
  };
}

/**
 * The method the served days were computed with: version (3.0: quoted days priced like for like,
 * by the change of the items quoted on both days), hierarchy and thresholds. The methodology tab
 * states the rules in words and takes these figures from here, so page and job agree.
 */
export function presentMethodology(): IndexMethodology {
  return {
    version: METHOD_VERSION,
    minQuotes: MIN_QUOTES,
    outlierDeviations: OUTLIER_DEVIATIONS,
    minDeviationShare: MIN_DEVIATION_SHARE,
    provisionalChange: PROVISIONAL_CHANGE,
    confirmSamples: CONFIRM_SAMPLES,
    hierarchy: [...HIERARCHY],
  };
}

/** A definition's English name and description (issue 31), each left out while empty. */
export function englishOf(d: Pick<DefinitionRow, 'nameEn' | 'descriptionEn'>) {
  return {
    ...(d.nameEn ? { nameEn: d.nameEn } : {}),
    ...(d.descriptionEn ? { descriptionEn: d.descriptionEn } : {}),
  };
}

/** A definition as the API shows it. */
export function presentDefinition(d: DefinitionRow): IndexDefinitionInfo {
  return {
    id: d.id,
    code: d.code,
    name: d.name,
    market: d.market,
    product: d.product,
    composite: d.productId === null || d.market === NATIONWIDE,
    description: d.description,
    ...englishOf(d),
    baseDate: d.baseDate,
    basePrice: toYuan(d.basePriceFen),
  };
}

/** An Index row (docs/api.md#index-fields). */
export function presentIndexRow(d: DefinitionRow, r: IndexDayRow): IndexRow {
  const previousFen = r.priceFen - r.changeFen;
  return {
    id: d.id,
    code: d.code,
    date: r.day,
    indexName: d.name,
    ...(d.nameEn ? { nameEn: d.nameEn } : {}),
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
    ...presentDisclosure(r),
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
    ...presentDisclosure(r),
  };
}

/** An Index day, in snake_case (docs/api.md#index-fields). */
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
    ...presentDisclosure(r),
  };
}

/** The side panel's short row of a definition: its latest day, or nulls before the first run. */
export function presentCompactRow(d: DefinitionRow, r: IndexDayRow | undefined): IndexInfoCompact[number] {
  const full = r ? presentIndexRow(d, r) : null;
  return {
    id: d.id,
    indexName: d.name,
    ...(d.nameEn ? { nameEn: d.nameEn } : {}),
    date: full?.date ?? null,
    price: full?.price ?? null,
    points: full?.points ?? null,
    change: full?.change ?? 0,
    changeRatio: full?.changeRatio ?? null,
  };
}

/**
 * A Saturation sample (docs/api.md#index-fields): the ratio and its day-on-day change as percent
 * (points).
 */
export function presentSaturation(r: SaturationRow): SaturationSample {
  return {
    date: r.day,
    qqdata: toPercent(r.ratio),
    trade_weight: toTonnes(r.tradingKg),
    sub: toPercent(r.changeRatio),
    stock_weight: toTonnes(r.stockKg),
    capacity_weight: toTonnes(r.capacityKg),
  };
}

/** The day's deals: totals over the products, by product, by market and the largest entries. */
export function presentDealInformation(info: DealInformationRows): DealInformation {
  return {
    date: info.day,
    totalDealWeight: toTonnes(info.byProduct.reduce((n, r) => n + r.dealKg, 0)),
    totalDeals: info.byProduct.reduce((n, r) => n + r.deals, 0),
    byProduct: info.byProduct.map((r) => ({
      product: r.product,
      dealWeight: toTonnes(r.dealKg),
      deals: r.deals,
    })),
    byMarket: info.byMarket.map((r) => ({
      market: r.market,
      dealWeight: toTonnes(r.dealKg),
      deals: r.deals,
      stockWeight: toTonnes(r.stockKg),
    })),
    // A warehouse that reported no listing price (0) has none to show, not a price of 0 元.
    latest: info.top.map((r) => ({
      warehouse: r.warehouse,
      market: r.market,
      product: r.product,
      dealWeight: toTonnes(r.dealKg),
      deals: r.deals,
      price: r.priceFen > 0 ? toYuan(r.priceFen) : null,
    })),
  };
}
