import './lots.css';
import '../../i18n/market.ts';
import { FilterOutlined } from '@ant-design/icons';
import { Code, type LotKind } from '@steelport/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import {
  downloadLotExport,
  type LotItem,
  lotKeys,
  lotQueries,
  useEnquiryTotal,
  useLotMenu,
  useLotPage,
  useLotTotals,
} from '../../api/lots.ts';
import { getSession, hasDataAccess, isVipMember, useSession, viewerOf } from '../../auth/session.ts';
import { prefetchTradeNames, useTradeNamesReady } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';
import { useUrlSearch } from '../../lib/urlSearch.ts';
import { CountBadge } from '../CountBadge.tsx';
import type { DataColumns } from '../DataTable.tsx';
import { PlainAlert } from '../PlainAlert.tsx';
import { SaveSearchButton } from '../subscription/SaveSearchButton.tsx';
import { CaptchaModal } from './CaptchaModal.tsx';
import { ContactCell, useUnlockContact } from './ContactCell.tsx';
import { ExportButton } from './ExportButton.tsx';
import { FilterBar } from './FilterBar.tsx';
import { FilterDrawer } from './FilterDrawer.tsx';
import { KeywordBox } from './KeywordBox.tsx';
import { LotCardList } from './LotCards.tsx';
import { LotTable } from './LotTable.tsx';
import {
  hasLotFilter,
  type LotQuery,
  lotFilterOf,
  lotQueryToParams,
  parseLotQuery,
  patchLotQuery,
  relaxQuery,
} from './lotQuery.ts';
import { Relaxations } from './Relaxations.tsx';
import { SupplierBanner } from './SupplierPanel.tsx';
import { TotalsLine } from './TotalsLine.tsx';

/** What differs between the spot stock and the surplus market: the kind and extra columns. */
export interface LotSource<K extends LotKind> {
  /** the market: its calls (api/lots.ts) and its enquiries */
  kind: K;
  /** the market filters by quality grade (/surplus) */
  grades: boolean;
  /** file name when the server gives none */
  exportName: string;
  extraColumns?: DataColumns<LotItem<K>>;
  /** the same extra as a line of the phone card */
  cardExtra?: (row: LotItem<K>) => React.ReactNode;
}

const parseStock = (params: URLSearchParams) => parseLotQuery(params);
const parseSurplus = (params: URLSearchParams) => parseLotQuery(params, { grades: true });

/** The lot search held in the URL (lib/urlSearch.ts); a new search replaces the whole query string. */
export function useLotQuery(grades: boolean): [LotQuery, (next: LotQuery) => void] {
  return useUrlSearch(grades ? parseSurplus : parseStock, lotQueryToParams);
}

/** Starts a lot screen's page, totals and facet menu from the URL the visit opens with. */
export function prefetchLots(
  { kind, grades }: Pick<LotSource<LotKind>, 'kind' | 'grades'>,
  queryClient: QueryClient,
  search: string,
): void {
  const query = parseLotQuery(new URLSearchParams(search), { grades });
  const filter = lotFilterOf(query);
  void queryClient.prefetchQuery(lotQueries.page(kind, viewerOf(getSession()), query));
  prefetchTradeNames(queryClient);
  void queryClient.prefetchQuery(lotQueries.totals(kind, filter));
  void queryClient.prefetchQuery(lotQueries.menu(kind, filter));
}

/**
 * A lot market screen: keyword box with understood chips, facet filters (on a phone a drawer
 * applied by its 查看 N 条: FilterDrawer), supplier banner, totals, enquiry allowance, export and
 * the table, with the empty, error and captcha states.
 */
export function LotScreen<K extends LotKind>({ source }: { source: LotSource<K> }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [query, setQuery] = useLotQuery(source.grades);
  const filter = useMemo(() => lotFilterOf(query), [query]);
  const page = useLotPage(source.kind, query);
  const totals = useLotTotals(source.kind, filter);
  const menu = useLotMenu(source.kind, filter);
  // In English the rows wait for the names with the skeleton: nothing grows when they arrive.
  const namesReady = useTradeNamesReady();
  const rows: LotItem<K>[] = namesReady ? (page.data?.list ?? []) : [];
  const enquiry = useEnquiryTotal(
    source.kind,
    rows.map((row) => row.id),
    page.isSuccess,
  );
  const { unlock, pendingId, loggedIn, notice } = useUnlockContact(source.kind, enquiry.data);
  const [captchaHidden, setCaptchaHidden] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const tooMany = page.error instanceof ApiError && page.error.code === Code.TooMany;
  const vip = enquiry.data?.isVip ?? isVipMember(session);
  const filtered = hasLotFilter(query);
  const clear = () => setQuery({ page: 1, pageSize: query.pageSize });
  const filterCount = Object.keys(filter).filter((key) => key !== 'keyword').length;
  const supplierRow = rows.find((row) => row.supplier.id === query.supplierId);
  const relaxations = (
    <Relaxations
      relaxations={page.data?.relaxations}
      onApply={(relaxation) => setQuery(relaxQuery(query, 'keyword', relaxation))}
    />
  );

  const renderContact = (row: LotItem<K>) => (
    <ContactCell row={row} pending={pendingId === row.id} onUnlock={unlock} />
  );

  let body: React.ReactNode;
  if (tooMany) {
    body = (
      <PlainAlert
        type="warning"
        title={t('lots.tooMany')}
        action={
          <Button size="small" type="primary" onClick={() => setCaptchaHidden(false)}>
            {t('lots.verify')}
          </Button>
        }
      />
    );
  } else if (page.isError) {
    body = (
      <PlainAlert
        type="error"
        title={page.error.message || t('lots.loadError')}
        action={
          <Button size="small" onClick={() => void page.refetch()} loading={page.isFetching}>
            {t('lots.retry')}
          </Button>
        }
      />
    );
  } else if (isPhone) {
    // A phone gets cards: price, supplier and contact without sideways scrolling.
    body = (
      <LotCardList<LotItem<K>>
        rows={rows}
        total={page.data?.total ?? 0}
        query={query}
        loading={page.isFetching || !namesReady}
        renderContact={renderContact}
        renderExtra={source.cardExtra}
        onChange={setQuery}
        onClear={filtered ? clear : null}
        emptyExtra={relaxations}
      />
    );
  } else {
    body = (
      <LotTable<LotItem<K>>
        rows={rows}
        total={page.data?.total ?? 0}
        query={query}
        loading={page.isFetching || !namesReady}
        extraColumns={source.extraColumns}
        onChange={setQuery}
        onClear={filtered ? clear : null}
        emptyExtra={relaxations}
        renderContact={renderContact}
      />
    );
  }

  return (
    <>
      <section className="sp-box sp-lots__search">
        <div className="sp-box__body">
          <KeywordBox
            keyword={query.keyword ?? ''}
            understood={page.data?.understood ?? []}
            onSearch={(keyword) => setQuery(patchLotQuery(query, { keyword: keyword || undefined }))}
            extra={
              isPhone && (
                <CountBadge count={filterCount}>
                  <Button icon={<FilterOutlined />} onClick={() => setDrawerOpen(true)}>
                    {t('lots.filter')}
                  </Button>
                </CountBadge>
              )
            }
          />
          {!isPhone && (
            <FilterBar
              menu={namesReady ? menu.data : undefined}
              query={query}
              grades={source.grades}
              onChange={setQuery}
            />
          )}
        </div>
      </section>
      {isPhone && (
        <FilterDrawer
          kind={source.kind}
          grades={source.grades}
          query={query}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          onApply={(next) => {
            setDrawerOpen(false);
            setQuery(next);
          }}
        />
      )}
      {query.supplierId !== undefined && (
        <SupplierBanner
          supplierId={query.supplierId}
          supplier={supplierRow?.supplier}
          supplierUserId={supplierRow?.supplierUserId}
          totals={totals.data}
          onClear={() => setQuery(patchLotQuery(query, { supplierId: undefined }))}
        />
      )}
      <div className="sp-lots__bar">
        <TotalsLine totals={totals.data} />
        <div className="sp-lots__bar-side">
          {enquiry.data && (
            <span className="sp-lots__enquiry" data-testid="enquiry-total">
              {vip && `${t('lots.enquiryVip')} · `}
              {t('lots.enquiry', {
                count: enquiry.data.todayCount,
                remaining: enquiry.data.remaining,
                beans: enquiry.data.beans,
              })}
            </span>
          )}
          <SaveSearchButton kind={source.kind} filter={filter} />
          <ExportButton
            allowed={vip || hasDataAccess(session)}
            loggedIn={loggedIn}
            fallbackName={source.exportName}
            onExport={() => {
              const { page: _page, pageSize: _size, ...search } = query;
              return downloadLotExport(source.kind, search);
            }}
          />
        </div>
      </div>
      {body}
      {notice}
      <CaptchaModal
        open={tooMany && !captchaHidden}
        onCancel={() => setCaptchaHidden(true)}
        onPassed={() => {
          setCaptchaHidden(false);
          // Everything the limit refused is asked again now that the check is passed.
          void lotKeys.invalidateAll(queryClient);
        }}
      />
    </>
  );
}
