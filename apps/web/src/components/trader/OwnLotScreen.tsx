import './trader.css';
import '../../i18n/workspace.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  bulkOwnLots,
  createOwnLot,
  type LotInputOf,
  type OwnLotKind,
  type OwnLotOf,
  updateOwnLot,
  useOwnLots,
} from '../../api/trader.ts';
import { Tabs } from '../Tabs.tsx';
import type { BulkAction } from './BulkBar.tsx';
import { LotCards, LotTable } from './LotRows.tsx';
import { OwnKeywordSearch, OwnListShell } from './OwnListShell.tsx';
import { lotToInput, OWN_PAGE_SIZE, parseOwnLotQuery, patchOwnParams } from './ownQuery.ts';
import { RowActions } from './RowTools.tsx';
import { useOwnList } from './useOwnList.ts';

const LOT_ACTIONS: readonly BulkAction[] = ['sold', 'onSale', 'reprice', 'delete'];
const STATUS_TABS = ['all', 'on_sale', 'sold_out'] as const;

/**
 * /account/stock and /account/surplus: the company's own lots, newest first. A keyword box,
 * status tabs (全部 / 在售 / 已售) and the page live in the URL. Price, pieces and weight edit in
 * place; a selection gets 标记已售, 重新上架, 调价 and 删除 at once; 新增 and 修改 open the row form;
 * 导入 Excel leads to the import wizard. A desktop shows a dense table, a phone one card per lot.
 * The frame, selection and writes are the own lists' (`OwnListShell`, `useOwnList`).
 */
export function OwnLotScreen<K extends OwnLotKind>({ kind }: { kind: K }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = parseOwnLotQuery(params);
  const lots = useOwnLots(kind, query);
  const text = (key: 'title' | 'emptyLead' | 'noMatch' | 'exportName') => t(`trader.lots.${kind}.${key}`);

  const list = useOwnList<OwnLotOf<K>, LotInputOf<K>>({
    kind,
    listKey: `${query.page}|${query.keyword ?? ''}|${query.status ?? ''}`,
    actions: LOT_ACTIONS,
    toInput: (row) => lotToInput(row) as LotInputOf<K>,
    create: (input) => createOwnLot(kind, input),
    update: (id, input, silent) => updateOwnLot(kind, id, input, silent),
    bulk: (body) => bulkOwnLots(kind, body),
  });

  const change = (patch: Parameters<typeof patchOwnParams>[1]) => setParams(patchOwnParams(params, patch));

  // The last rows of a later page were removed or sold away: show the last page that has rows.
  const data = lots.data;
  useEffect(() => {
    if (data && data.list.length === 0 && data.total > 0 && query.page > 1) {
      setParams(patchOwnParams(params, { page: Math.max(1, Math.ceil(data.total / OWN_PAGE_SIZE)) }));
    }
  }, [data, query.page, params, setParams]);

  return (
    <OwnListShell
      titleId={`trader-${kind}-title`}
      title={text('title')}
      list={list}
      rows={lots}
      page={query.page}
      onPage={(page) => change({ page })}
      empty={{
        lead: text('emptyLead'),
        noMatch: text('noMatch'),
        filtered: Boolean(query.keyword || query.status),
      }}
      cards={(rows) => <LotCards kind={kind} list={list} rows={rows} />}
      table={(rows) => <LotTable kind={kind} list={list} rows={rows} />}
    >
      <div className="sp-trader__toolbar">
        <OwnKeywordSearch keyword={query.keyword} onSearch={(keyword) => change({ keyword })} />
        <RowActions
          kind={kind}
          addText={t('trader.add')}
          exportName={text('exportName')}
          onAdd={list.openNew}
        />
      </div>
      <Tabs
        size="small"
        className="sp-trader__tabs"
        aria-label={t('trader.statusLabel')}
        activeKey={query.status ?? 'all'}
        onChange={(key) => change({ status: key === 'all' ? undefined : key })}
        items={STATUS_TABS.map((key) => ({ key, label: t(`trader.status.${key}`) }))}
      />
    </OwnListShell>
  );
}
