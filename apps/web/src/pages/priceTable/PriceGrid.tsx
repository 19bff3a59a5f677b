import '../../i18n/priceTable.ts';
import type { PriceRow } from '@steelport/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumns, DataTable } from '../../components/DataTable.tsx';
import { TradeName, useTradeName } from '../../i18n/tradeNames.tsx';
import { PriceCellView, useItemText } from './PriceCellView.tsx';
import { type CityMoves, MovesLine, useCityMovesText } from './SummaryLine.tsx';
import { rowKey } from './urlState.ts';

/** The rows and columns a loading table holds, at the size of a real one. */
const SKELETON_ROWS = 8;
const SKELETON_CITIES = 6;

/** The item of a row: grade, spec and mill (a pinned row says so). */
export function ItemLabel({ row }: { row: PriceRow }) {
  const { t } = useTranslation();
  return (
    <span className="sp-pt-item">
      <span className="sp-pt-item__grade">{row.grade}</span>
      <span className="sp-pt-item__spec">{row.spec}</span>
      <span className="sp-pt-item__mill">
        <TradeName kind="mills" name={row.mill} />
        {row.pinned && (
          <Tag className="sp-pt-item__pin" color="blue">
            {t('priceTable.cell.pinned')}
          </Tag>
        )}
      </span>
    </span>
  );
}

/** A city's column head: its name and the day's moves of its cells. */
function CityHead({ city, moves }: { city: string; moves: CityMoves | undefined }) {
  const spokenOf = useCityMovesText();
  return (
    <span className="sp-pt-cityhead">
      <span className="sp-pt-cityhead__name">
        <TradeName kind="cities" name={city} />
      </span>
      <MovesLine moves={moves} spoken={spokenOf(city, moves)} compact />
    </span>
  );
}

/**
 * The desktop table: a row per item, a column per city (the most quoted first). Many cities
 * scroll inside the table's box (priceTable.css), the item column staying in place; the page
 * itself never scrolls sideways. (antd's own `scroll.x` would repeat every column head in a
 * measuring row that screen readers read twice.)
 */
export function PriceGrid({
  rows,
  cities,
  moves,
  onOpen,
}: {
  rows: PriceRow[];
  cities: string[];
  moves: Map<string, CityMoves>;
  onOpen: (row: PriceRow, city: string) => void;
}) {
  const { t } = useTranslation();
  const itemText = useItemText();
  const tradeName = useTradeName();
  const columns: DataColumns<PriceRow> = [
    {
      key: 'item',
      title: t('priceTable.columns.item'),
      width: 160,
      className: 'sp-pt-grid__item',
      render: (_, row) => <ItemLabel row={row} />,
    },
    ...cities.map((city) => ({
      key: city,
      title: <CityHead city={city} moves={moves.get(city)} />,
      width: 92,
      align: 'center' as const,
      render: (_: unknown, row: PriceRow) => {
        const cell = row.cells.find((c) => c.city === city);
        if (!cell) return null;
        return (
          <PriceCellView
            cell={cell}
            itemText={itemText(row)}
            cityText={tradeName('cities', city)}
            onOpen={() => onOpen(row, city)}
          />
        );
      },
    })),
  ];
  return (
    <DataTable<PriceRow>
      className="sp-pt-grid"
      data-testid="price-grid"
      size="small"
      bordered
      pagination={false}
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
    />
  );
}

/** The loading table: skeleton rows and heads of the real table's size. */
export function PriceGridSkeleton() {
  const { t } = useTranslation();
  const line = <span className="sp-skeleton-line" />;
  const columns: DataColumns<number> = [
    {
      key: 'item',
      title: t('priceTable.columns.item'),
      width: 160,
      className: 'sp-pt-grid__item',
      render: () => (
        <span className="sp-pt-item">
          {line}
          {line}
        </span>
      ),
    },
    ...Array.from({ length: SKELETON_CITIES }, (_, i) => ({
      key: `city-${i}`,
      title: <span className="sp-pt-cityhead">{line}</span>,
      width: 92,
      align: 'center' as const,
      render: () => <span className="sp-pt-cell sp-pt-cell--skeleton">{line}</span>,
    })),
  ];
  return (
    <DataTable<number>
      className="sp-pt-grid sp-pt-grid--loading"
      size="small"
      bordered
      pagination={false}
      rowKey={(n) => n}
      columns={columns}
      dataSource={Array.from({ length: SKELETON_ROWS }, (_, i) => i)}
      aria-busy
    />
  );
}
