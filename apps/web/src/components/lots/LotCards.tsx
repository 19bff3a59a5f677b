import '../../i18n/market.ts';
import type { CargoItem, LotSort } from '@steelport/contracts';
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderShown, useShownName } from '../../i18n/tradeNames.tsx';
import { formatCount, formatLotWeight, formatPrice, UNIT } from '../../lib/numbers.ts';
import { NativeSelect } from '../NativeSelect.tsx';
import { Pager } from '../Pager.tsx';
import { formatUpdatedAt } from './format.ts';
import { StaleTag, useWarehouseText } from './LotTable.tsx';
import type { LotQuery } from './lotQuery.ts';

/** The phone's sort menu: each entry one sort with the direction a trader expects. */
const SORT_OPTIONS = [
  { key: 'updatedAt', sort: 'updatedAt', order: 'desc' },
  { key: 'priceAsc', sort: 'price', order: 'asc' },
  { key: 'priceDesc', sort: 'price', order: 'desc' },
  { key: 'weight', sort: 'weight', order: 'desc' },
  { key: 'thickness', sort: 'thickness', order: 'asc' },
] as const satisfies readonly { key: string; sort: LotSort; order: 'asc' | 'desc' }[];

function sortKeyOf(query: LotQuery): string {
  const found = SORT_OPTIONS.find(
    (option) => option.sort === (query.sort ?? 'updatedAt') && option.order === (query.order ?? 'desc'),
  );
  return found?.key ?? 'updatedAt';
}

/**
 * One lot as a phone card: what it is and its price on the first line (元/吨, or 电议), then
 * weight, pieces and mill, where it lies, the 备注, and the supplier with its contact action.
 * Everything wraps inside the card: nothing scrolls sideways.
 */
export function LotCard<T extends CargoItem>({
  row,
  contact,
  extra,
}: {
  row: T;
  contact: ReactNode;
  /** a line only one market has (等级 and 缺陷 on /surplus) */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const shown = useShownName();
  const where = useWarehouseText()(row);
  const mill = shown('mills', row.origin);
  const price = formatPrice(row.price);
  return (
    <article className="sp-lcard" data-testid="lot-card">
      <div className="sp-lcard__row">
        <span className="sp-lcard__item">
          <b>{renderShown(shown('products', row.product))}</b> {row.material} {row.spec}
        </span>
        <span className="sp-lcard__price" data-testid="lot-card-price">
          {price === null ? (
            <span className="sp-lots__call">{t('lots.callForPrice')}</span>
          ) : (
            <>
              <span className="sp-lots__price">{price}</span>
              <small className="sp-lcard__unit">{UNIT.pricePerTonne}</small>
            </>
          )}
        </span>
      </div>
      {extra && <div className="sp-lcard__row sp-lcard__meta">{extra}</div>}
      <div className="sp-lcard__meta">
        {`${formatLotWeight(row.weight)} ${UNIT.tonne} · ${t('lots.card.pieces', { pieces: formatCount(row.pieces) })}`}
        {row.origin && <> · {renderShown(mill)}</>}
        {where.text && <> · {renderShown(where)}</>}
      </div>
      {row.remark && (
        <div className="sp-lcard__meta sp-lcard__remark">
          {t('lots.card.remark', { remark: '' })}
          <span lang="zh">{row.remark}</span>
        </div>
      )}
      <div className="sp-lcard__row sp-lcard__foot">
        {contact}
        <time className="sp-lcard__time" dateTime={row.updatedAt}>
          {formatUpdatedAt(row.updatedAt)}
          {row.stale && <StaleTag />}
        </time>
      </div>
    </article>
  );
}

/**
 * The phone layout of a lot search: a sort menu, one card per lot instead of the wide table,
 * and paging with thumb-sized buttons. The first load shows cards of the final size; a later
 * search dims the cards under a running bar the moment it starts; an empty result offers 清空筛选
 * when a filter is set.
 */
export function LotCardList<T extends CargoItem>({
  rows,
  total,
  query,
  loading,
  renderContact,
  renderExtra,
  onChange,
  onClear,
  emptyExtra,
}: {
  rows: T[];
  total: number;
  query: LotQuery;
  loading: boolean;
  renderContact: (row: T) => ReactNode;
  renderExtra?: (row: T) => ReactNode;
  onChange: (next: LotQuery) => void;
  onClear: (() => void) | null;
  /** shown in the empty state above the clear button: the wider searches (Relaxations) */
  emptyExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const sortBar = (
    <div className="sp-lcards__bar">
      <NativeSelect
        className="sp-lcards__sort"
        aria-label={t('lots.sort')}
        value={sortKeyOf(query)}
        options={SORT_OPTIONS.map((option) => ({ value: option.key, label: t(`lots.sorts.${option.key}`) }))}
        onChange={(key) => {
          const option = SORT_OPTIONS.find((entry) => entry.key === key) ?? SORT_OPTIONS[0];
          onChange({ ...query, sort: option.sort, order: option.order, page: 1 });
        }}
      />
    </div>
  );
  let list: ReactNode;
  if (loading && rows.length === 0) {
    list = (
      <div className="sp-lcards" aria-busy="true">
        {Array.from({ length: Math.min(query.pageSize, 10) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="sp-lcard sp-lcard--skeleton">
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ))}
      </div>
    );
  } else if (rows.length === 0) {
    list = (
      <Empty description={t('lots.empty')}>
        {emptyExtra}
        {onClear && (
          <Button type="primary" onClick={onClear}>
            {t('lots.clear')}
          </Button>
        )}
      </Empty>
    );
  } else {
    list = (
      <>
        <div className="sp-lcards" aria-busy={loading}>
          {rows.map((row) => (
            <LotCard key={row.id} row={row} contact={renderContact(row)} extra={renderExtra?.(row)} />
          ))}
        </div>
        <Pager
          className="sp-lcards__pager"
          current={query.page}
          pageSize={query.pageSize}
          total={total}
          totalText={t('lots.pageTotal', { total: formatCount(total) })}
          onChange={(page) => onChange({ ...query, page })}
        />
      </>
    );
  }
  // A new search keeps the old cards until its answer: they dim and the bar runs at once.
  const busy = loading && rows.length > 0;
  return (
    <div className={busy ? 'sp-lcards__wrap sp-lcards__wrap--busy' : 'sp-lcards__wrap'}>
      <div
        className="sp-lots__progress"
        data-testid="lot-progress"
        {...(busy ? { role: 'progressbar', 'aria-label': t('lots.searching') } : { 'aria-hidden': true })}
      />
      {sortBar}
      {list}
    </div>
  );
}
