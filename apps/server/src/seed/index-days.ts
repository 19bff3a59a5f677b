/**
 * The index definitions of the demo (乐从热卷, 上海冷轧... and two nationwide composites) and
 * the first run of the real index job over the generated history, inside the seed's
 * transaction. The base day is the first day of the history: the job fixes each definition's
 * base price from that day's own computed price (= 1000 points), so the value inserted here is
 * only the column's required positive start and is overwritten before the transaction ends.
 */
import type { Tx } from '../db/client.ts';
import { indexDefinitions } from '../db/schema/index.ts';
import { NATIONWIDE } from '../modules/steel-index/compute.ts';
import { computeIndexes, type IndexJobResult } from '../modules/steel-index/service.ts';
import type { Catalog } from './catalog.ts';
import type { ProductKey } from './dictionaries.ts';

interface DefinitionSeed {
  code: string;
  name: string;
  /** English name and description (issue 31); migration 0028_english-names holds the same */
  nameEn: string;
  product: ProductKey | null;
  market: string;
  description: string;
  descriptionEn: string;
}

export const INDEX_DEFINITIONS: DefinitionSeed[] = [
  {
    code: 'lc_hrc',
    name: '乐从热卷',
    nameEn: 'Lecong HRC',
    product: 'hrc',
    market: '乐从',
    description: '乐从市场热轧卷板样本价格与样本仓库库存',
    descriptionEn:
      'Sample prices of hot-rolled coil in the Lecong market and the stock of its sample warehouses',
  },
  {
    code: 'sh_hrc',
    name: '上海热卷',
    nameEn: 'Shanghai HRC',
    product: 'hrc',
    market: '上海',
    description: '上海（含张家港）热轧卷板',
    descriptionEn: 'Hot-rolled coil in Shanghai (Zhangjiagang included)',
  },
  {
    code: 'tj_hrc',
    name: '天津热卷',
    nameEn: 'Tianjin HRC',
    product: 'hrc',
    market: '天津',
    description: '天津市场热轧卷板',
    descriptionEn: 'Hot-rolled coil in the Tianjin market',
  },
  {
    code: 'sh_crc',
    name: '上海冷轧',
    nameEn: 'Shanghai CRC',
    product: 'crc',
    market: '上海',
    description: '上海市场冷轧卷板',
    descriptionEn: 'Cold-rolled coil in the Shanghai market',
  },
  {
    code: 'lc_crc',
    name: '乐从冷轧',
    nameEn: 'Lecong CRC',
    product: 'crc',
    market: '乐从',
    description: '乐从市场冷轧卷板',
    descriptionEn: 'Cold-rolled coil in the Lecong market',
  },
  {
    code: 'wx_crc',
    name: '无锡冷轧',
    nameEn: 'Wuxi CRC',
    product: 'crc',
    market: '无锡',
    description: '无锡市场冷轧卷板',
    descriptionEn: 'Cold-rolled coil in the Wuxi market',
  },
  {
    code: 'sh_gi',
    name: '上海镀锌',
    nameEn: 'Shanghai GI',
    product: 'gi',
    market: '上海',
    description: '上海市场镀锌卷',
    descriptionEn: 'Galvanized coil in the Shanghai market',
  },
  {
    code: 'bx_gi',
    name: '博兴镀锌',
    nameEn: 'Boxing GI',
    product: 'gi',
    market: '博兴',
    description: '博兴镀锌产业集群',
    descriptionEn: 'Galvanized coil of the Boxing galvanizing cluster',
  },
  {
    code: 'tj_plate',
    name: '天津中厚板',
    nameEn: 'Tianjin Plate',
    product: 'plate',
    market: '天津',
    description: '天津市场中厚板',
    descriptionEn: 'Plate in the Tianjin market',
  },
  {
    code: 'wh_plate',
    name: '武汉中厚板',
    nameEn: 'Wuhan Plate',
    product: 'plate',
    market: '武汉',
    description: '武汉市场中厚板',
    descriptionEn: 'Plate in the Wuhan market',
  },
  {
    code: 'cn_hrc',
    name: '全国热卷综合',
    nameEn: 'China HRC composite',
    product: 'hrc',
    market: NATIONWIDE,
    description: '全部样本市场热轧卷板，报价按吨位加权',
    descriptionEn: 'Hot-rolled coil in every sample market, quotes weighted by tonnage',
  },
  {
    code: 'cn_all',
    name: '全国板材综合',
    nameEn: 'China flat steel composite',
    product: null,
    market: NATIONWIDE,
    description: '全部样本仓库全部品种；价格为各市场单品指数按库存吨位加权',
    descriptionEn:
      'Every product in every sample warehouse; the price is the single-product indexes of the markets weighted by stock tonnage',
  },
];

/** The definitions' rows, based on `firstDay` (the job fixes each base price from that day). */
export function indexDefinitionRows(catalog: Pick<Catalog, 'productIds'>, firstDay: string) {
  return INDEX_DEFINITIONS.map((d, sort) => ({
    code: d.code,
    name: d.name,
    nameEn: d.nameEn,
    productId: d.product ? catalog.productIds[d.product] : null,
    market: d.market,
    description: d.description,
    descriptionEn: d.descriptionEn,
    baseDate: firstDay,
    basePriceFen: 1,
    sort,
  }));
}

/** Inserts the definitions with `firstDay` as base day and computes firstDay..today. */
export async function seedIndexDays(
  tx: Tx,
  catalog: Catalog,
  firstDay: string,
  today: string,
): Promise<IndexJobResult> {
  await tx.insert(indexDefinitions).values(indexDefinitionRows(catalog, firstDay));
  return computeIndexes(tx, firstDay, today);
}
