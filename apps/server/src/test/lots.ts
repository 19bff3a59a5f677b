/**
 * Factories for lot tests: a small real catalogue (two products, materials, mills, three
 * warehouses in two markets) and cargo or surplus rows with parsed specs and search text.
 */
import { parseSpec } from '@steelport/contracts';
import type { DbOrTx } from '../db/client.ts';
import {
  buildSearchText,
  cargo,
  materials,
  mills,
  productCategories,
  products,
  surplus,
  warehouses,
} from '../db/schema/index.ts';
import { toFen, toKg } from '../present.ts';
import { makeCompany } from './factories.ts';

export interface TestCatalog {
  hrc: number;
  crc: number;
  q235b: number;
  sphc: number;
  rizhao: number;
  baosteel: number;
  lecong: { id: number; name: string };
  zhangjiagang: { id: number; name: string };
}

/** Inserts the catalogue once per database. */
export async function makeCatalog(db: DbOrTx): Promise<TestCatalog> {
  const [cat] = await db.insert(productCategories).values({ code: 'hot', name: '热轧' }).returning();
  const [hrc, crc] = await db
    .insert(products)
    .values([
      {
        categoryId: cat!.id,
        name: '热轧卷板',
        aliases: ['热卷', '热轧板卷'],
        thicknessMin: 1.5,
        thicknessMax: 25.4,
        widthMin: 1000,
        widthMax: 2200,
      },
      {
        categoryId: cat!.id,
        name: '冷轧卷板',
        aliases: ['冷卷'],
        thicknessMin: 0.2,
        thicknessMax: 3,
        widthMin: 900,
        widthMax: 1850,
      },
    ])
    .returning();
  const [q235b, sphc] = await db
    .insert(materials)
    .values([{ name: 'Q235B' }, { name: 'SPHC' }])
    .returning();
  const [rizhao, baosteel] = await db
    .insert(mills)
    .values([{ name: '日照' }, { name: '宝钢' }])
    .returning();
  const [lecong, zjg] = await db
    .insert(warehouses)
    .values([
      {
        name: '乐从钢铁世界仓',
        city: '乐从',
        market: '乐从',
        region: '华南',
        province: '广东',
        capacityTonnes: 200000,
      },
      {
        name: '张家港保税仓',
        city: '张家港',
        market: '上海',
        region: '华东',
        province: '江苏',
        capacityTonnes: 150000,
      },
    ])
    .returning();
  return {
    hrc: hrc!.id,
    crc: crc!.id,
    q235b: q235b!.id,
    sphc: sphc!.id,
    rizhao: rizhao!.id,
    baosteel: baosteel!.id,
    lecong: { id: lecong!.id, name: lecong!.name },
    zhangjiagang: { id: zjg!.id, name: zjg!.name },
  };
}

export interface LotInput {
  product?: 'hrc' | 'crc';
  material?: 'Q235B' | 'SPHC';
  spec?: string;
  mill?: '日照' | '宝钢';
  warehouse?: 'lecong' | 'zhangjiagang';
  price?: number;
  weight?: number;
  pieces?: number;
  companyId?: number;
  remark?: string;
  status?: 'on_sale' | 'sold_out';
  updatedAt?: Date;
}

/** Inserts one lot into cargo or surplus and returns its id. */
export async function makeLot(
  db: DbOrTx,
  catalog: TestCatalog,
  input: LotInput = {},
  kind: 'cargo' | 'surplus' = 'cargo',
  extra: { grade?: '正品' | '协议品' | '次品' | '等外品'; defects?: string } = {},
): Promise<{ id: number; companyId: number }> {
  const companyId = input.companyId ?? (await makeCompany(db)).id;
  const spec = parseSpec(input.spec ?? '2.75*1250*C')!;
  const productName = input.product === 'crc' ? '冷轧卷板' : '热轧卷板';
  const material = input.material ?? 'Q235B';
  const mill = input.mill ?? '日照';
  const warehouse = catalog[input.warehouse ?? 'lecong'];
  const city = input.warehouse === 'zhangjiagang' ? '张家港' : '乐从';
  const row = {
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
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    city,
    pieces: input.pieces ?? 3,
    weightKg: toKg(input.weight ?? 75.5),
    priceFen: toFen(input.price ?? 3450),
    companyId,
    remark: input.remark ?? '',
    searchText: buildSearchText({
      product: productName,
      material,
      spec: spec.text,
      mill,
      warehouse: warehouse.name,
      city,
      remark: input.remark,
    }),
    status: input.status ?? 'on_sale',
    ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}),
  } as const;
  if (kind === 'surplus') {
    const [inserted] = await db
      .insert(surplus)
      .values({ ...row, grade: extra.grade ?? '正品', defects: extra.defects ?? '' })
      .returning({ id: surplus.id });
    return { id: inserted!.id, companyId };
  }
  const [inserted] = await db.insert(cargo).values(row).returning({ id: cargo.id });
  return { id: inserted!.id, companyId };
}
