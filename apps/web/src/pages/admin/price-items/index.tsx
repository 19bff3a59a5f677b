import '../../../components/admin/adminContent.css';
import '../../../i18n/adminPriceTable.ts';
import '../../../i18n/adminContent.ts';
import '../../../i18n/signedInPages.ts';
import {
  PRICE_TABLE_LIMITS as L,
  PRICE_TABLE_DEFAULT_PRODUCT,
  type PriceItem,
  type PriceItemState,
} from '@steelport/contracts';
import { Button, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminPriceItems, useSetPriceItemState } from '../../../api/adminPriceTable.ts';
import { useAdminVocabulary } from '../../../api/adminVocabulary.ts';
import { AdminTable } from '../../../components/admin/AdminTable.tsx';
import { useAdminAct } from '../../../components/admin/useAdminAct.ts';
import { useTradeName } from '../../../i18n/tradeNames.tsx';
import { formatCount } from '../../../lib/numbers.ts';

type ItemRow = PriceItem & { id: number };

const STATE_COLOURS: Record<PriceItemState, string> = { auto: 'default', pinned: 'blue', hidden: 'red' };

/**
 * /admin/price-items, 行情样本: a product's candidate rows of the public price tables (the items
 * quoted most lately), each with its setting. 固定 keeps an item a row whatever its frequency,
 * 隐藏 keeps it out, 恢复按频次 releases it; every change is audited and the portal's tables
 * follow at once.
 */
export function AdminPriceItemsPage() {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  const act = useAdminAct();
  const vocabulary = useAdminVocabulary();
  const [chosen, setChosen] = useState<string | null>(null);
  const products = vocabulary.data?.products ?? [];
  const product =
    chosen ?? products.find((p) => p.name === PRICE_TABLE_DEFAULT_PRODUCT)?.name ?? products[0]?.name ?? null;
  const items = useAdminPriceItems(product);
  const setState = useSetPriceItemState();
  const s = 'adminPriceTable';

  const data = useMemo(() => {
    const list = (items.data?.list ?? []).map((row, i) => ({ ...row, id: i + 1 }));
    return items.data ? { list, total: list.length, page: 1, pageSize: Math.max(list.length, 1) } : undefined;
  }, [items.data]);

  const change = (row: ItemRow, state: PriceItemState) => {
    if (!product) return;
    const item = `${row.grade} ${row.spec} ${tradeName('mills', row.mill)}`;
    void act(
      () => setState.mutateAsync({ product, grade: row.grade, spec: row.spec, mill: row.mill, state }),
      t(`${s}.done.${state}`, { item }),
    );
  };

  const columns: ColumnsType<ItemRow> = [
    { key: 'grade', title: t(`${s}.colGrade`), dataIndex: 'grade', width: 110 },
    { key: 'spec', title: t(`${s}.colSpec`), dataIndex: 'spec', width: 150 },
    { key: 'mill', title: t(`${s}.colMill`), width: 100, render: (_, r) => tradeName('mills', r.mill) },
    {
      key: 'quotes',
      title: t(`${s}.colQuotes`, { days: L.frequencyDays }),
      width: 120,
      align: 'right',
      render: (_, r) => formatCount(r.quotes),
    },
    {
      key: 'state',
      title: t(`${s}.colState`),
      width: 100,
      render: (_, r) => <Tag color={STATE_COLOURS[r.state]}>{t(`${s}.state.${r.state}`)}</Tag>,
    },
    {
      key: 'shown',
      title: t(`${s}.colShown`),
      width: 80,
      render: (_, r) => (r.shown ? t(`${s}.shown`) : t(`${s}.notShown`)),
    },
    {
      key: 'actions',
      title: t('adminContent.actions'),
      width: 200,
      render: (_, r) => {
        const name = `${r.grade} ${r.spec} ${tradeName('mills', r.mill)}`;
        const button = (state: PriceItemState, label: string) => (
          <Button
            type="link"
            size="small"
            aria-label={`${label} ${name}`}
            disabled={setState.isPending}
            onClick={() => change(r, state)}
          >
            {label}
          </Button>
        );
        return (
          <span className="sp-admin-table__actions">
            {r.state !== 'pinned' && button('pinned', t(`${s}.pin`))}
            {r.state !== 'hidden' && button('hidden', t(`${s}.hide`))}
            {r.state !== 'auto' && button('auto', t(`${s}.release`))}
          </span>
        );
      },
    },
  ];

  return (
    <section className="sp-admin-content" aria-label={t('pages.adminPriceItems.title')}>
      <p className="sp-admin-content__intro">{t(`${s}.intro`, { days: L.frequencyDays, rows: L.rowsMax })}</p>
      <div className="sp-admin-toolbar">
        <label htmlFor="price-items-product">{t(`${s}.product`)}</label>
        <Select
          id="price-items-product"
          className="sp-admin-toolbar__filter"
          value={product ?? undefined}
          loading={vocabulary.isFetching}
          options={products.map((p) => ({ value: p.name, label: tradeName('products', p.name) }))}
          onChange={(value: string) => setChosen(value)}
        />
      </div>
      <AdminTable<ItemRow>
        label={t('pages.adminPriceItems.title')}
        columns={columns}
        data={data}
        loading={items.isFetching}
        error={items.error ?? vocabulary.error}
        onRetry={() => void (vocabulary.error ? vocabulary.refetch() : items.refetch())}
        onPage={() => undefined}
        scrollX={860}
      />
    </section>
  );
}
