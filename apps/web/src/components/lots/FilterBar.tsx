import type { FacetEntry } from '@steelport/contracts';
import { Button, Checkbox, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FACET_FIELDS, type FilterQuery, patchLotQuery, toggleName } from './lotQuery.ts';
import { RangeInputs } from './RangeInputs.tsx';

/** Chips shown per facet before 更多: enough for the big mills and markets, one or two lines. */
const VISIBLE_CHIPS = 12;

type FacetKey = (typeof FACET_FIELDS)[number] | 'grades';

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
  const [expanded, setExpanded] = useState(false);
  // Chosen values stay visible even when the counts under the filter no longer list them.
  const known = new Set(entries.map((entry) => entry.value));
  const all = [
    ...selected.filter((value) => !known.has(value)).map((value) => ({ value, count: null })),
    ...entries,
  ];
  const shown = expanded ? all : all.slice(0, VISIBLE_CHIPS);
  const hidden = all.slice(VISIBLE_CHIPS);
  const label = t(`lots.facets.${field}`);
  if (all.length === 0) return null;
  return (
    <fieldset className="sp-facet" aria-label={label}>
      <span className="sp-facet__label">{label}</span>
      <div className="sp-facet__chips">
        {shown.map((entry) => (
          <Tag.CheckableTag
            key={entry.value}
            checked={selected.includes(entry.value)}
            onChange={() => onToggle(entry.value)}
          >
            {entry.value}
            {entry.count !== null && <span className="sp-facet__count">{entry.count}</span>}
          </Tag.CheckableTag>
        ))}
      </div>
      {hidden.length > 0 && (
        <Button
          type="link"
          size="small"
          className="sp-facet__more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('lots.less') : t('lots.more')}
        </Button>
      )}
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
          <Checkbox
            checked={Boolean(query.callForPrice)}
            onChange={(event) =>
              onChange(patchLotQuery(query, { callForPrice: event.target.checked || undefined } as Partial<Q>))
            }
          >
            {t('lots.callForPriceOnly')}
          </Checkbox>
        )}
      </div>
    </div>
  );
}
