/**
 * Quotes, firms and the ranking as the API shows them: fen -> 元, kg -> 吨, dates as ISO text,
 * phones masked unless the viewer unlocked the firm (the unlock rules of spot stock), contact
 * names hidden from visitors. Pure functions.
 */
import {
  type ActivityRank,
  type FirmProfile,
  maskPhone,
  type QuotationItem,
  type QuotationProductTotal,
  type QuotationTotals,
  type QuotationTrader,
  type RankEntry,
} from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { SupplierCard } from '../search/service.ts';
import type { FirmCounts, FirmRow } from './repo/firm.ts';
import type { ProductDayAverage, QuoteRow, QuoteSums } from './repo/quotes.ts';
import type { RankRow } from './repo/rank.ts';

/** What a page knows besides its rows: product names, trader cards and the viewer's unlocks. */
export interface QuoteContext {
  productNames: Map<number, string>;
  traders: Map<number, SupplierCard | null>;
  unlocked: Set<number>;
  /** null for a visitor: visitors see no contact names */
  viewerId: number | null;
}

/** The trader of a quote from its card. */
export function presentTrader(companyId: number, ctx: QuoteContext): QuotationTrader {
  const c = ctx.traders.get(companyId);
  const open = ctx.unlocked.has(companyId);
  return {
    userId: c?.userId ?? null,
    companyId,
    name: c?.name ?? '',
    shortName: c?.shortName ?? '',
    city: c?.city ?? '',
    contactName: ctx.viewerId === null ? null : (c?.contactName ?? ''),
    phone: open ? (c?.contactPhone ?? '') : maskPhone(c?.contactPhone ?? ''),
    unlocked: open,
  };
}

/** The change between two prices in 元, or null without two real prices to compare. */
export function changeYuan(priceFen: number, prevPriceFen: number | null): number | null {
  return prevPriceFen && priceFen ? toYuan(priceFen - prevPriceFen) : null;
}

/** One quote as the API shows it. */
export function presentQuote(r: QuoteRow, ctx: QuoteContext): QuotationItem {
  return {
    id: r.id,
    trader: presentTrader(r.companyId, ctx),
    product: ctx.productNames.get(r.productId) ?? '',
    material: r.material,
    spec: r.spec,
    thickness: r.thickness,
    width: r.width,
    length: r.length,
    origin: r.origin,
    city: r.city,
    warehouse: r.warehouse,
    price: toYuan(r.priceFen),
    callForPrice: r.priceFen === 0,
    previousPrice: r.prevPriceFen === null ? null : toYuan(r.prevPriceFen),
    change: changeYuan(r.priceFen, r.prevPriceFen),
    weight: toTonnes(r.weightKg),
    remark: r.remark,
    quoteDate: r.quoteDate,
    time: r.updatedAt.toISOString(),
  };
}

/** A raw max() of a timestamp as ISO text (PGlite gives a Date, node-postgres text). */
export function isoOf(at: Date | string): string {
  return new Date(at).toISOString();
}

/** Totals of a day; per product the mean price and its change against the previous quote day. */
export function presentTotals(
  sums: QuoteSums,
  averages: ProductDayAverage[],
  days: { date: string | null; previousDate: string | null },
  productNames: Map<number, string>,
): Omit<QuotationTotals, 'cachedForSeconds'> {
  const before = new Map(
    averages
      .filter((a) => a.day === days.previousDate && a.avgFen !== null)
      .map((a) => [a.productId, a.avgFen!]),
  );
  const products: QuotationProductTotal[] = averages
    .filter((a) => a.day === days.date)
    .map((a) => {
      const prev = before.get(a.productId) ?? null;
      return {
        product: productNames.get(a.productId) ?? '',
        rows: a.rows,
        avgPrice: a.avgFen === null ? null : toYuan(a.avgFen),
        previousAvgPrice: prev === null ? null : toYuan(prev),
        // From the rounded means, so that avgPrice - previousAvgPrice is exactly the change.
        change: a.avgFen === null || prev === null ? null : toYuan(Math.round(a.avgFen) - Math.round(prev)),
      };
    })
    .sort((a, b) => b.rows - a.rows || a.product.localeCompare(b.product));
  return {
    date: days.date,
    previousDate: days.previousDate,
    rows: sums.rows,
    priced: sums.priced,
    callForPrice: sums.rows - sums.priced,
    traders: sums.traders,
    weight: toTonnes(sums.weightKg),
    products,
  };
}

/** A firm's profile; phone and contact name follow the viewer's unlocks as on a quote row. */
export function presentFirm(
  f: FirmRow,
  more: { counts: FirmCounts; warehouses: string[]; lastQuoteDate: string | null },
  viewer: { viewerId: number | null; unlocked: boolean },
): FirmProfile {
  return {
    userId: f.userId,
    companyId: f.companyId,
    name: f.name,
    shortName: f.shortName,
    city: f.city,
    address: f.address,
    intro: f.intro,
    mainProducts: f.mainProducts,
    contactName: viewer.viewerId === null ? null : f.contactName,
    phone: viewer.unlocked ? f.contactPhone : maskPhone(f.contactPhone),
    unlocked: viewer.unlocked,
    warehouses: more.warehouses,
    memberSince: f.createdAt.toISOString(),
    lastQuoteDate: more.lastQuoteDate,
    quoteCount: more.counts.priced,
    callForPriceCount: more.counts.callForPrice,
    cargoCount: more.counts.cargo,
    surplusCount: more.counts.surplus,
  };
}

/** The ranking, first place first. */
export function presentRank(
  rows: RankRow[],
  span: { days: number; from: string; to: string },
): Omit<ActivityRank, 'cachedForSeconds'> {
  return {
    ...span,
    list: rows.map(
      (r, i): RankEntry => ({
        rank: i + 1,
        userId: r.userId,
        companyId: r.companyId,
        name: r.name,
        shortName: r.shortName,
        city: r.city,
        score: r.score,
        quotes: r.quotes,
        stock: r.stock,
        enquiriesAnswered: r.answered,
      }),
    ),
  };
}
