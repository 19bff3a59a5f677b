import type { CargoItem, LotKind, LotPageOf, SurplusItem } from '@steelport/contracts';
import { LotCardList } from '../../components/lots/LotCards.tsx';
import { LotTable } from '../../components/lots/LotTable.tsx';
import type { LotQuery } from '../../components/lots/lotQuery.ts';
import { gradeLine, useSurplusColumns } from '../../components/lots/SurplusGrade.tsx';
import { useTradeNamesReady } from '../../i18n/tradeNames.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../lib/media.ts';

/**
 * The 供应商 cell of a firm's own lots: every row is this firm, whose profile above carries the
 * contact and its unlock, so the cell only repeats the contact and the phone as the search gave it.
 */
function FirmLotContact({ row }: { row: CargoItem }) {
  return (
    <span className="sp-contact__line">
      {row.supplier.contactName && <span lang="zh">{row.supplier.contactName}</span>}
      <span className="sp-contact__phone" data-testid="supplier-phone">
        {row.supplier.phone}
      </span>
    </span>
  );
}

/**
 * A firm's spot stock or surplus on its firm page (issue 35): the lot search with the firm as
 * supplier, in the market's own table (cards on a phone), its grade column on the 余料 tab.
 */
export function FirmLots({
  kind,
  page,
  fetching,
  query,
  onChange,
}: {
  kind: LotKind;
  /** the lot search's answer: stock rows, or surplus rows on the 余料 tab */
  page: LotPageOf<CargoItem> | undefined;
  fetching: boolean;
  query: LotQuery;
  onChange: (next: LotQuery) => void;
}) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const surplusColumns = useSurplusColumns();
  // In English the rows wait for the names with the skeleton: nothing grows when they arrive.
  const namesReady = useTradeNamesReady();
  const rows = namesReady ? (page?.list ?? []) : [];
  const common = {
    total: page?.total ?? 0,
    query,
    loading: fetching || !namesReady,
    renderContact: (row: CargoItem) => <FirmLotContact row={row} />,
    onChange,
    onClear: null,
  };
  if (kind === 'surplus') {
    // The surplus search answers surplus rows: grade and defect notes beside the lot.
    const surplus = rows as SurplusItem[];
    return isPhone ? (
      <LotCardList<SurplusItem> {...common} rows={surplus} renderExtra={gradeLine} />
    ) : (
      <LotTable<SurplusItem> {...common} rows={surplus} extraColumns={surplusColumns} />
    );
  }
  return isPhone ? <LotCardList {...common} rows={rows} /> : <LotTable {...common} rows={rows} />;
}
