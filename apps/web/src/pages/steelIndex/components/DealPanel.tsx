import '../../../i18n/steelIndex.ts';
import type { DealInformation } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { useDealInformation } from '../../../api/steelIndex.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { TradeName } from '../../../i18n/tradeNames.tsx';
import { formatCount, formatPrice, formatTonnes, MISSING } from '../../../lib/numbers.ts';

type Latest = DealInformation['latest'][number];

/** The latest day's deals: by product, by market, and the warehouses with the largest deals. */
export function DealPanel() {
  const { t } = useTranslation();
  const { data, isPending } = useDealInformation();
  const k = (key: string) => t(`steelIndex.deals.${key}` as 'steelIndex.deals.title');
  return (
    <section className="sp-box sp-index-section">
      <h2 className="sp-box__title">
        <span>{k('title')}</span>
        {data?.date && (
          <small className="sp-muted">
            {t('steelIndex.deals.summary', {
              date: data.date,
              weight: formatTonnes(data.totalDealWeight),
              deals: formatCount(data.totalDeals),
            })}
          </small>
        )}
      </h2>
      <div className="sp-box__body">
        <Tabs
          size="small"
          items={[
            {
              key: 'product',
              label: k('byProduct'),
              children: (
                <DataTable
                  size="small"
                  loading={isPending}
                  pagination={false}
                  rowKey="product"
                  dataSource={data?.byProduct ?? []}
                  columns={[
                    {
                      title: k('product'),
                      dataIndex: 'product',
                      render: (p: string) => <TradeName kind="products" name={p} />,
                    },
                    {
                      title: k('weight'),
                      dataIndex: 'dealWeight',
                      align: 'right',
                      render: (w: number) => formatTonnes(w),
                    },
                    {
                      title: k('deals'),
                      dataIndex: 'deals',
                      align: 'right',
                      render: (n: number) => formatCount(n),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'market',
              label: k('byMarket'),
              children: (
                <DataTable
                  size="small"
                  loading={isPending}
                  pagination={false}
                  rowKey="market"
                  dataSource={data?.byMarket ?? []}
                  columns={[
                    {
                      title: k('market'),
                      dataIndex: 'market',
                      render: (m: string) => <TradeName kind="cities" name={m} />,
                    },
                    {
                      title: k('weight'),
                      dataIndex: 'dealWeight',
                      align: 'right',
                      render: (w: number) => formatTonnes(w),
                    },
                    {
                      title: k('deals'),
                      dataIndex: 'deals',
                      align: 'right',
                      render: (n: number) => formatCount(n),
                    },
                    {
                      title: k('stock'),
                      dataIndex: 'stockWeight',
                      align: 'right',
                      render: (w: number) => formatTonnes(w),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'latest',
              label: k('latest'),
              children: (
                <DataTable<Latest>
                  size="small"
                  loading={isPending}
                  pagination={false}
                  scroll={{ x: 560 }}
                  rowKey={(r) => `${r.warehouse}|${r.product}`}
                  dataSource={data?.latest ?? []}
                  columns={[
                    {
                      title: k('warehouse'),
                      dataIndex: 'warehouse',
                      render: (w: string) => <TradeName kind="warehouses" name={w} />,
                    },
                    {
                      title: k('market'),
                      dataIndex: 'market',
                      render: (m: string) => <TradeName kind="cities" name={m} />,
                    },
                    {
                      title: k('product'),
                      dataIndex: 'product',
                      render: (p: string) => <TradeName kind="products" name={p} />,
                    },
                    {
                      title: k('weight'),
                      dataIndex: 'dealWeight',
                      align: 'right',
                      render: (w: number) => formatTonnes(w),
                    },
                    {
                      title: k('deals'),
                      dataIndex: 'deals',
                      align: 'right',
                      render: (n: number) => formatCount(n),
                    },
                    {
                      title: k('price'),
                      dataIndex: 'price',
                      align: 'right',
                      render: (p: number | null) => formatPrice(p) ?? MISSING,
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}
