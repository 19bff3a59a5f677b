/**
 * The trader's own rows as its workspace shows them: fen -> 元, kg -> 吨, ISO times, 过期 for
 * lots not updated for TRADER_LIMITS.staleDays days; its profile; the enquiries it received with
 * the buyer's full name and phone (its leads). Pure functions.
 */
import type {
  OwnLot,
  OwnQuotation,
  OwnSurplus,
  ReceivedEnquiry,
  TraderProfile,
  TraderProfileBody,
} from '@steelport/contracts';
import { toFen, toTonnes, toYuan } from '../../present.ts';
import { changeYuan } from '../quotation/present.ts';
import { isStale } from '../search/present.ts';
import type { EnquiryRow } from './repo/enquiries.ts';
import type { OwnLotRow } from './repo/lots.ts';
import type { CompanyRow, ProfileWrite } from './repo/profile.ts';
import type { OwnQuoteRow } from './repo/quotes.ts';

/** 元 -> fen of a bulk or copy move (delta in whole 元 per tonne). */
export const deltaFen = (delta: number): number => toFen(delta);
/** The lowest price a move leaves a priced row at: 1 元/吨. */
export const PRICE_FLOOR_FEN = toFen(1);

/** One own lot (cargo) as the workspace lists it. */
export function presentOwnLot(r: OwnLotRow, productNames: Map<number, string>, now: Date): OwnLot {
  return {
    id: r.id,
    product: productNames.get(r.productId) ?? '',
    material: r.material,
    spec: r.spec,
    origin: r.origin,
    warehouse: r.warehouseName,
    city: r.city,
    price: toYuan(r.priceFen),
    callForPrice: r.priceFen === 0,
    remark: r.remark,
    updatedAt: r.updatedAt.toISOString(),
    pieces: r.pieces,
    weight: toTonnes(r.weightKg),
    // deleted rows are never read back, so a listed row is on sale or sold
    status: r.status === 'sold_out' ? 'sold_out' : 'on_sale',
    stale: isStale(r.updatedAt, now),
  };
}

/** One own surplus lot. */
export function presentOwnSurplus(r: OwnLotRow, productNames: Map<number, string>, now: Date): OwnSurplus {
  return { ...presentOwnLot(r, productNames, now), grade: r.grade ?? '', defects: r.defects ?? '' };
}

/** One own quote. */
export function presentOwnQuote(r: OwnQuoteRow, productNames: Map<number, string>): OwnQuotation {
  return {
    id: r.id,
    product: productNames.get(r.productId) ?? '',
    material: r.material,
    spec: r.spec,
    origin: r.origin,
    warehouse: r.warehouseName,
    city: r.city,
    price: toYuan(r.priceFen),
    callForPrice: r.priceFen === 0,
    remark: r.remark,
    updatedAt: r.updatedAt.toISOString(),
    weight: toTonnes(r.weightKg),
    quoteDate: r.quoteDate,
    prevPrice: r.prevPriceFen === null ? null : toYuan(r.prevPriceFen),
    change: changeYuan(r.priceFen, r.prevPriceFen),
  };
}

/** The profile of a company; `userId` opens its firm page /firminfo/{userId}. */
export function presentProfile(c: CompanyRow, userId: number, warehouses: string[]): TraderProfile {
  return {
    companyId: c.id,
    userId,
    name: c.name,
    shortName: c.shortName,
    city: c.city,
    address: c.address,
    contactName: c.contactName,
    contactPhone: c.contactPhone,
    mainProducts: c.mainProducts,
    intro: c.intro,
    warehouses,
  };
}

/** Plain text: line breaks and tabs kept, other control characters dropped. */
export function plainText(text: string): string {
  return [...text]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return (code >= 32 && code !== 127) || c === '\n' || c === '\t';
    })
    .join('');
}

/** A profile form in storage terms: optional fields left out are kept as they are. */
export function readProfile(body: TraderProfileBody): ProfileWrite {
  const v: ProfileWrite = {
    shortName: body.shortName,
    city: body.city,
    contactName: body.contactName,
    contactPhone: body.contactPhone,
  };
  if (body.address !== undefined) v.address = body.address;
  if (body.mainProducts !== undefined) v.mainProducts = body.mainProducts;
  if (body.intro !== undefined) v.intro = plainText(body.intro);
  return v;
}

const priceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 热轧卷板 Q235B 2.75*1250*C 日照 4,120元/吨 (or …电议): what an enquiry asked about. */
export function itemSummary(item: EnquiryRow['item'], productNames: Map<number, string>): string {
  if (item.productId === null) return '资源已删除';
  const price = !item.priceFen ? '电议' : `${priceFormat.format(toYuan(item.priceFen))}元/吨`;
  return [productNames.get(item.productId) ?? '', item.material, item.spec, item.origin, price]
    .filter((w) => w !== null && w !== '')
    .join(' ');
}

/** One received enquiry: the buyer in full (the trader's lead). */
export function presentEnquiry(r: EnquiryRow, productNames: Map<number, string>): ReceivedEnquiry {
  const itemId = r.kind === 'cargo' ? r.cargoId : r.kind === 'surplus' ? r.surplusId : r.quotationId;
  return {
    id: r.id,
    kind: r.kind,
    itemId: r.item.removed || r.item.productId === null ? null : itemId,
    item: itemSummary(r.item, productNames),
    buyerName: r.buyerName,
    buyerPhone: r.buyerPhone,
    buyerCompany: r.buyerCompany,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
  };
}
