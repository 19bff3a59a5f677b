import '../../i18n/market.ts';
import type { FacetEntry, SurplusGradeName } from '@steelport/contracts';
import { Button, Tag } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renderShown, type TradeNameKind, useShownName } from '../../i18n/tradeNames.tsx';
import { PlainCheckbox } from '../PlainCheckbox.tsx';
import { FACET_FIELDS, type FilterQuery, patchLotQuery, toggleName } from './lotQuery.ts';
import { RangeInputs } from './RangeInputs.tsx';

/** Chips rendered per facet before 更多: more than one line holds, so the line is always full. */
const VISIBLE_CHIPS = 12;

/**
 * Whether the box's content is taller than the box (a clamped facet line hiding chips). Read in
 * the frame after a render and when the box resizes, never during React's commit: there a read
 * forced a layout of the whole page per facet row, and the state it set re-rendered the screen
 * synchronously before the first paint. The 更多 slot is kept either way, so nothing moves.
 */
function useOverflowing(box: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  const measure = () => {
    const element = box.current;
    if (element) setOverflowing(element.scrollHeight > element.clientHeight + 1);
  };
  // Each render may bring other chips.
  useEffect(() => {
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  });
  // A resize of the line (the window).
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure reads only the ref
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return overflowing;
}

type FacetKey = (typeof FACET_FIELDS)[number] | 'grades';

/** The vocabulary map of a facet's values; materials and grades are codes, shown as they are. */
const FACET_NAMES: Partial<Record<FacetKey, TradeNameKind>> = {
  products: 'products',
  origins: 'mills',
  cities: 'cities',
  warehouses: 'warehouses',
};

/** Facet values with their counts: a lot market's Menu or the quotations' getMenus answer. */
export type FacetMenu = { [K in FacetKey]?: FacetEntry[] };

interface FacetRowProps {
  field: FacetKey;
  entries: { value: string; count: number }[];
  selected: readonly string[];
  onToggle: (value: string) => void;
}

function FacetRow({ field, entries, selected, onToggle }: FacetRowProps) {
  const { t } = useTranslation();
  const shownName = useShownName();
  const names = FACET_NAMES[field];
  const [expanded, setExpanded] = useState(false);
  const chips = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(chips);
  // Chosen values stay visible even when the counts under the filter no longer list them.
  const known = new Set(entries.map((entry) => entry.value));
  const all = [
    ...selected.filter((value) => !known.has(value)).map((value) => ({ value, count: null })),
    ...entries,
  ];
  const shown = expanded ? all : all.slice(0, VISIBLE_CHIPS);
  const hidden = all.slice(VISIBLE_CHIPS);
  const label = t(`lots.facets.${field}`);
  // Every row is one line high until opened, and is there before its counts arrive: the facet
  // area keeps its height while the menu loads and whatever it holds (no layout shift).
  const more = expanded || hidden.length > 0 || overflowing;
  return (
    <fieldset className="sp-facet" aria-label={label}>
      <span className="sp-facet__label">{label}</span>
      <div ref={chips} className={expanded ? 'sp-facet__chips sp-facet__chips--open' : 'sp-facet__chips'}>
        {shown.map((entry) => (
          <Tag.CheckableTag
            key={entry.value}
            checked={selected.includes(entry.value)}
            onChange={() => onToggle(entry.value)}
          >
            {field === 'grades'
              ? t(`lots.gradeNames.${entry.value as SurplusGradeName}`, { defaultValue: entry.value })
              : names
                ? renderShown(shownName(names, entry.value))
                : entry.value}
            {entry.count !== null && <span className="sp-facet__count">{entry.count}</span>}
          </Tag.CheckableTag>
        ))}
      </div>
      {/* The slot is kept when nothing is hidden, so the chips do not reflow when it appears. */}
      <Button
        type="link"
        size="small"
        className={more ? 'sp-facet__more' : 'sp-facet__more sp-facet__more--idle'}
        aria-expanded={expanded}
        aria-hidden={!more}
        tabIndex={more ? undefined : -1}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? t('lots.less') : t('lots.more')}
      </Button>
    </fieldset>
  );
}

/**
 * The facet chips (counts from the Menu answer; several values of one facet combine with OR),
 * the thickness and width ranges, 只看电议 where the search has it, and 清空筛选. Every change
 * starts a new search. Lot screens and today's quotations share it.
 */
export function FilterBar<Q extends FilterQuery>({
  menu,
  query,
  grades,
  callForPrice = true,
  onChange,
}: {
  menu: FacetMenu | undefined;
  query: Q;
  /** the surplus screen filters by quality grade too */
  grades?: boolean;
  /** the search has 只看电议 (the lot markets; quotations list 电议 rows among the others) */
  callForPrice?: boolean;
  onChange: (next: Q) => void;
}) {
  const { t } = useTranslation();
  const fields: FacetKey[] = grades ? ['grades', ...FACET_FIELDS] : [...FACET_FIELDS];
  return (
    <div className="sp-lots__facets">
      {fields.map((field) => (
        <FacetRow
          key={field}
          field={field}
          entries={menu?.[field] ?? []}
          selected={query[field] ?? []}
          onToggle={(value) =>
            onChange(patchLotQuery(query, { [field]: toggleName(query[field], value) } as Partial<Q>))
          }
        />
      ))}
      <div className="sp-ranges">
        <RangeInputs query={query} onChange={onChange} />
        {callForPrice && (
          <PlainCheckbox
            checked={Boolean(query.callForPrice)}
            onChange={(checked) =>
              onChange(patchLotQuery(query, { callForPrice: checked || undefined } as Partial<Q>))
            }
          >
            {t('lots.callForPriceOnly')}
          </PlainCheckbox>
        )}
      </div>
    </div>
  );
}
