import '../../i18n/market.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLotMenu } from '../../api/lots.ts';
import { LotScreen, type LotSource, prefetchLots } from '../../components/lots/LotScreen.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { withScreenTexts } from '../../i18n/index.ts';
import type { ScreenPrefetch } from '../../lib/prefetch.ts';

const cargoSource: LotSource<'cargo'> = {
  kind: 'cargo',
  grades: false,
  exportName: '仓库现货.xlsx',
};

const NO_FILTER = {};

/** The 供应商 tab's list (with its searchable city select) loads when the tab first opens. */
const SupplierList = lazy(() =>
  withScreenTexts(() => import('../../components/lots/SupplierList.tsx'))().then((module) => ({
    default: module.SupplierList,
  })),
);

/** The open tab: the stock search unless the URL asks for the suppliers. */
function tabOf(params: URLSearchParams): 'stock' | 'suppliers' {
  return params.get('tab') === 'suppliers' ? 'suppliers' : 'stock';
}

/** A visit that opens on the stock search starts it with the page's code. */
export const prefetch: ScreenPrefetch = (queryClient, { search }) => {
  if (tabOf(new URLSearchParams(search)) === 'stock') prefetchLots(cargoSource, queryClient, search);
};

/** The 供应商 tab: cities for its select come from the unfiltered facet menu. */
function SuppliersTab({ onPick }: { onPick: (supplierId: number) => void }) {
  const { data } = useLotMenu('cargo', NO_FILTER);
  return (
    <Suspense fallback={<div className="sp-lots__suppliers-loading" aria-busy="true" />}>
      <SupplierList cities={(data?.cities ?? []).map((entry) => entry.value)} onPick={onPick} />
    </Suspense>
  );
}

/** /wareHouse: warehouse spot stock search, and the suppliers that hold stock. */
export function StockPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);

  const showTab = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'suppliers') next.set('tab', 'suppliers');
    else next.delete('tab');
    setParams(next);
  };

  return (
    <div className="sp-container sp-page">
      <PageTitle>{t('pages.wareHouse.title')}</PageTitle>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={showTab}
        items={[
          { key: 'stock', label: t('lots.tabs.stock'), children: <LotScreen source={cargoSource} /> },
          {
            key: 'suppliers',
            label: t('lots.tabs.suppliers'),
            children: <SuppliersTab onPick={(supplierId) => setParams({ supplierId: String(supplierId) })} />,
          },
        ]}
      />
    </div>
  );
}
