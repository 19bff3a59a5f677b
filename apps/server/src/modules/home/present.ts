/** Presenters of the home page's blocks: kg -> 吨, fen -> 元. */
import type { NewestCargoItem } from '@steelport/contracts';
import { toTonnes, toYuan } from '../../present.ts';
import type { NewestCargoRow } from './repo.ts';

/** One newest-stock row. */
export function presentNewestCargo(r: NewestCargoRow): NewestCargoItem {
  const { weightKg, priceFen, updatedAt, ...rest } = r;
  return { ...rest, weight: toTonnes(weightKg), price: toYuan(priceFen), updatedAt: updatedAt.toISOString() };
}
