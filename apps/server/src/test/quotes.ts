/**
 * Factories for quotation tests: quotes on the small test catalogue (test/lots.ts), written the
 * way every writer writes them (modules/quotation/repo/publish.ts), so each carries its trader's
 * previous price of the same item and the change.
 */
import { parseSpec } from '@steelport/contracts';
import type { DbOrTx } from '../db/client.ts';
import { buildSearchText } from '../db/schema/index.ts';
import { insertQuotations, type NewQuote } from '../modules/quotation/repo/publish.ts';
import { toFen, toKg } from '../present.ts';
import type { TestCatalog } from './lots.ts';

export interface QuoteInput {
  companyId: number;
  /** YYYY-MM-DD */
  day: string;
  product?: 'hrc' | 'crc';
  material?: 'Q235B' | 'SPHC';
  spec?: string;
  mill?: '日照' | '宝钢';
  /** where the goods lie; none means a quote for the city without a warehouse */
  warehouse?: 'lecong' | 'zhangjiagang';
  /** 元/吨; 0 = 电议 */
  price?: number;
  /** tonnes offered; 0 = not stated */
  weight?: number;
  remark?: string;
  /** quote time */
  at?: Date;
  /** the supplier's short name for the search text */
  shortName?: string;
}

/** Inserts the quotes in order (one call per input, so later ones see earlier ones); returns ids. */
export async function makeQuotes(db: DbOrTx, catalog: TestCatalog, inputs: QuoteInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const input of inputs) {
    const spec = parseSpec(input.spec ?? '2.75*1250*C')!;
    const productName = input.product === 'crc' ? '冷轧卷板' : '热轧卷板';
    const material = input.material ?? 'Q235B';
    const mill = input.mill ?? '日照';
    const warehouse = input.warehouse ? catalog[input.warehouse] : null;
    const city = input.warehouse === 'zhangjiagang' ? '张家港' : '乐从';
    const row: NewQuote = {
      companyId: input.companyId,
      productId: input.product === 'crc' ? catalog.crc : catalog.hrc,
      materialId: material === 'Q235B' ? catalog.q235b : catalog.sphc,
      material,
      spec: spec.text,
      thickness: spec.thickness,
      width: spec.width,
      length: spec.length,
      form: spec.form,
      millId: mill === '日照' ? catalog.rizhao : catalog.baosteel,
      origin: mill,
      city,
      warehouseId: warehouse?.id ?? null,
      warehouseName: warehouse?.name ?? '',
      priceFen: toFen(input.price ?? 3450),
      quoteDate: input.day,
      weightKg: toKg(input.weight ?? 0),
      remark: input.remark ?? '',
      searchText: buildSearchText({
        product: productName,
        material,
        spec: spec.text,
        mill,
        warehouse: warehouse?.name,
        city,
        supplier: input.shortName,
        remark: input.remark,
      }),
      ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
    };
    ids.push(...(await insertQuotations(db, [row])));
  }
  return ids;
}
