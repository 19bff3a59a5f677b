/**
 * What a saved filter and an index alert mean, without the database: which filters a saved
 * search may hold, and when an alert's condition holds on a day.
 */
import {
  type IndexAlertKind,
  parseSpec,
  SAVED_FILTER_FIELDS,
  type SavedFilter,
  type SavedSearchKind,
  savedRefusals,
} from '@steelport/contracts';
import { Invalid } from '../../errors.ts';
import { type LocalText, say } from '../../text.ts';
import { checkRanges } from '../search/service.ts';
import { movedMoreThan } from './present.ts';

const KIND_NAMES: Record<SavedSearchKind, LocalText> = {
  cargo: say('现货', 'stock'),
  surplus: say('余料', 'surplus'),
  quotation: say('今日报价', "today's quotes"),
};

/** Checks what the schema cannot: fields of the kind, ranges, a spec, and at least one condition. */
export function checkFilter(kind: SavedSearchKind, filter: SavedFilter): void {
  const allowed: readonly string[] = SAVED_FILTER_FIELDS[kind];
  const refused: Partial<Record<string, string>> = savedRefusals(kind);
  const given = Object.entries(filter).filter(
    ([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0),
  );
  for (const [key] of given) {
    const reason = refused[key];
    if (reason)
      throw new Invalid(
        // The reason is written in contracts (SEARCH_FILTER_FIELDS), in Chinese only.
        say(
          `参数错误：filter.${key} 不能用于订阅：${reason}`,
          `Invalid request: filter.${key} cannot be used in a subscription`,
        ),
      );
    if (!allowed.includes(key))
      throw new Invalid(
        say(
          `参数错误：filter.${key} 不适用于${KIND_NAMES[kind].zh}订阅`,
          `Invalid request: filter.${key} does not apply to a subscription of ${KIND_NAMES[kind].en}`,
        ),
      );
  }
  checkRanges(filter, 'filter.');
  if (filter.spec !== undefined && !parseSpec(filter.spec))
    throw new Invalid(
      say(
        '参数错误：filter.spec 不是有效规格，如 2.75*1250',
        'Invalid request: filter.spec is not a valid size, e.g. 2.75*1250',
      ),
    );
  if (given.length === 0)
    throw new Invalid(
      say(
        '参数错误：filter 至少需要一个筛选条件（品名、材质、关键词等）',
        'Invalid request: filter needs at least one condition (product, grade, keyword…)',
      ),
    );
}

/** Whether an alert's condition holds on a day. */
export function crossed(a: {
  kind: Exclude<IndexAlertKind, 'report'>;
  levelFen: number | null;
  movePercent: number | null;
  priceFen: number;
  changeFen: number;
}): boolean {
  if (a.kind === 'above') return a.levelFen !== null && a.priceFen >= a.levelFen;
  if (a.kind === 'below') return a.levelFen !== null && a.priceFen > 0 && a.priceFen <= a.levelFen;
  return a.movePercent !== null && movedMoreThan(a.priceFen, a.changeFen, a.movePercent);
}
