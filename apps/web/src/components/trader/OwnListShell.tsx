import './trader.css';
import '../../i18n/workspace.ts';
import { TRADER_LIMITS } from '@steelport/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Input, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { formatCount } from '../../lib/numbers.ts';
import { BulkBar } from './BulkBar.tsx';
import type { OwnRow } from './OwnTable.tsx';
import { OWN_PAGE_SIZE } from './ownQuery.ts';
import { RowFormDrawer, type RowInput } from './RowFormDrawer.tsx';
import { RowsEmpty, RowsError } from './RowTools.tsx';
import type { OwnList } from './useOwnList.ts';

/** The keyword box of an own list (搜索); a new keyword in the URL starts it afresh. */
export function OwnKeywordSearch({
  keyword,
  onSearch,
}: {
  keyword: string | undefined;
  onSearch: (keyword: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={keyword ?? ''}
      className="sp-trader__search"
      defaultValue={keyword}
      allowClear
      maxLength={TRADER_LIMITS.keywordLength}
      placeholder={t('trader.keywordPlaceholder')}
      aria-label={t('trader.keywordLabel')}
      enterButton={t('trader.search')}
      onSearch={(typed) => onSearch(typed.trim() || undefined)}
    />
  );
}

/**
 * The frame of the trader's own lists (我的报价, 我的现货, 我的余料): the box with its title and
 * count, the screen's own tools (`children`), the bulk bar, the rows (an error, the empty state,
 * a phone's cards or the desktop's table, each with its loading state), the pager and the row
 * form. The state is `useOwnList`'s; the screen draws its rows (`cards`, `table`).
 */
export function OwnListShell<Row extends OwnRow, Input extends RowInput>({
  titleId,
  title,
  list,
  rows,
  page,
  onPage,
  empty,
  cards,
  table,
  children,
}: {
  titleId: string;
  title: string;
  list: OwnList<Row, Input>;
  rows: UseQueryResult<{ list: Row[]; total: number }>;
  page: number;
  onPage: (page: number) => void;
  empty: { lead: string; noMatch: string; filtered: boolean };
  /** a phone's cards of the rows on screen */
  cards: (rows: Row[]) => ReactNode;
  /** the desktop's table; null draws placeholder rows */
  table: (rows: Row[] | null) => ReactNode;
  /** the tools over the bulk bar: search, tabs, day, 新增 … */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const data = rows.data;

  let body: ReactNode;
  if (rows.isError && !data) {
    body = <RowsError message={rows.error.message} onRetry={() => void rows.refetch()} />;
  } else if (data && data.total === 0) {
    body = <RowsEmpty kind={list.kind} {...empty} onAdd={list.openNew} />;
  } else if (isPhone) {
    body = data ? (
      cards(data.list)
    ) : (
      <div role="status" aria-label={t('trader.loading')} className="sp-trader__cards">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <div key={i} className="sp-trader__card sp-trader__card--skeleton" />
        ))}
      </div>
    );
  } else {
    body = table(data?.list ?? null);
  }

  return (
    <section className="sp-box sp-trader" aria-labelledby={titleId}>
      <h2 className="sp-box__title" id={titleId}>
        {title}
        <span className="sp-trader__count">
          {data ? t('trader.total', { count: formatCount(data.total) }) : ' '}
        </span>
      </h2>
      <div className="sp-box__body" aria-busy={rows.isFetching}>
        {children}
        <BulkBar
          pageIds={data?.list.map((row) => row.id) ?? []}
          selected={list.selected}
          actions={list.actions}
          busy={list.bulkBusy}
          onSelect={list.setSelected}
          onAction={list.runBulk}
        />
        {rows.isError && data && (
          <RowsError message={rows.error.message} onRetry={() => void rows.refetch()} />
        )}
        <div className="sp-trader__list">{body}</div>
        {data && data.total > OWN_PAGE_SIZE && (
          <Pagination
            className="sp-trader__pager"
            current={page}
            pageSize={OWN_PAGE_SIZE}
            total={data.total}
            onChange={onPage}
            showSizeChanger={false}
            size={isPhone ? 'large' : 'small'}
            simple={isPhone}
            showTotal={isPhone ? undefined : (count) => t('trader.total', { count: formatCount(count) })}
          />
        )}
      </div>
      <RowFormDrawer kind={list.kind} {...list.form} />
    </section>
  );
}
