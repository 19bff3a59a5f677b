import '../../i18n/market.ts';
import { LoadingOutlined } from '@ant-design/icons';
import type { LotKind } from '@steelport/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lotQueries, useLotMenu } from '../../api/lots.ts';
import { useTradeNamesReady } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { LazyDrawer } from '../LazyDrawer.tsx';
import { FilterBar } from './FilterBar.tsx';
import { hasLotFilter, type LotQuery, lotFilterOf } from './lotQuery.ts';

/** How long the drawer's filters rest before their count is asked (a few chips tapped in a row ask once). */
export const DRAWER_COUNT_DEBOUNCE_MS = 300;

/** `value`, once it has not changed for `ms`. */
function useDebounced<T>(value: T, key: string, ms: number): T {
  const [settled, setSettled] = useState({ value, key });
  // The key stands for the value: a new object of the same filter restarts nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `key`
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled({ value, key }), ms);
    return () => window.clearTimeout(timer);
  }, [key, ms]);
  return settled.key === key ? value : settled.value;
}

/**
 * The phone's filter drawer of a lot screen. Its chips and ranges edit a draft of the search, not
 * the URL: the facet counts follow the draft, and 查看 N 条 says how many rows the draft would
 * give (the totals of its filter, asked DRAWER_COUNT_DEBOUNCE_MS after the last change; the
 * button reads 正在统计… with a spinner while it counts) and applies it. × and Escape leave the search as it
 * was; 清空筛选 clears the draft's filters (the keyword stays, it is not edited here).
 */
export function FilterDrawer<K extends LotKind>({
  kind,
  grades,
  query,
  open,
  onClose,
  onApply,
}: {
  kind: K;
  grades: boolean;
  /** the search on screen, which every opening starts from */
  query: LotQuery;
  open: boolean;
  onClose: () => void;
  onApply: (next: LotQuery) => void;
}) {
  const { t } = useTranslation();
  const namesReady = useTradeNamesReady();
  const [draft, setDraft] = useState<LotQuery | null>(null);
  const current = draft ?? query;
  const filter = useMemo(() => lotFilterOf(current), [current]);
  const key = JSON.stringify(filter);
  const counted = useDebounced(filter, key, DRAWER_COUNT_DEBOUNCE_MS);
  const totals = useQuery({
    ...lotQueries.totals(kind, counted),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const menu = useLotMenu(kind, counted);
  const counting = counted !== filter || totals.isFetching || !totals.data;
  const close = () => {
    setDraft(null);
    onClose();
  };
  const apply = () => {
    setDraft(null);
    onApply(current);
  };
  const clear = () =>
    setDraft({
      page: 1,
      pageSize: current.pageSize,
      ...(current.keyword ? { keyword: current.keyword } : {}),
      ...(current.sort ? { sort: current.sort, order: current.order } : {}),
    });
  const { keyword: _keyword, ...drawerFilter } = filter;

  return (
    <LazyDrawer
      title={t('lots.filter')}
      placement="right"
      size="88%"
      open={open}
      onClose={close}
      footer={
        <div className="sp-lots__drawer-foot">
          {hasLotFilter({ ...drawerFilter, page: 1, pageSize: current.pageSize }) && (
            <Button onClick={clear}>{t('lots.clear')}</Button>
          )}
          <Button
            type="primary"
            className="sp-lots__drawer-apply"
            // A spinner, not `loading`: the draft can be applied while its count is on the way.
            icon={counting ? <LoadingOutlined aria-hidden /> : undefined}
            aria-busy={counting}
            onClick={apply}
            data-testid="drawer-apply"
          >
            {counting || !totals.data
              ? t('lots.counting')
              : t('lots.showResults', { count: formatCount(totals.data.rows) })}
          </Button>
        </div>
      }
    >
      <FilterBar
        menu={namesReady ? menu.data : undefined}
        query={current}
        grades={grades}
        onChange={setDraft}
      />
    </LazyDrawer>
  );
}
