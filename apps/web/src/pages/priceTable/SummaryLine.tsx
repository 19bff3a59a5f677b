import '../../i18n/priceTable.ts';
import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import type { PriceSummary } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TradeName, useTradeName } from '../../i18n/tradeNames.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** The day's moves of some cells against the previous trading day. */
export interface CityMoves {
  rising: number;
  falling: number;
  unchanged: number;
}

/** One product's moves in the summary: its totals and per city. */
export interface ProductMoves {
  total: CityMoves | null;
  cities: Map<string, CityMoves>;
}

/** The moves of `product` in `summary` (none while it loads or when the product has none). */
export function productMoves(summary: PriceSummary | undefined, product: string): ProductMoves {
  const entry = summary?.products.find((p) => p.product === product);
  if (!entry) return { total: null, cities: new Map() };
  return {
    total: { rising: entry.rising, falling: entry.falling, unchanged: entry.unchanged },
    cities: new Map(entry.cities.map((c) => [c.city, c])),
  };
}

/**
 * Rising, falling and unchanged cells in market colours (↑ red, ↓ green, flat grey). `compact`
 * (a column head, the product board) shows the figures with their arrows only, and `spoken` says
 * them whole to screen readers; the line keeps its height while the summary loads, so nothing
 * moves when it arrives.
 */
export function MovesLine({
  moves,
  spoken,
  compact = false,
}: {
  moves: CityMoves | null | undefined;
  spoken?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (!moves) return <span className="sp-pt-moves" />;
  const hidden = spoken ? true : undefined;
  return (
    <span className="sp-pt-moves" data-testid="price-moves">
      {spoken && <span className="sp-sr-only">{spoken}</span>}
      <span className="sp-trend sp-trend--up" aria-hidden={hidden}>
        <CaretUpFilled aria-hidden />
        {compact ? formatCount(moves.rising) : t('priceTable.summary.rising', { count: moves.rising })}
      </span>
      <span className="sp-trend sp-trend--down" aria-hidden={hidden}>
        <CaretDownFilled aria-hidden />
        {compact ? formatCount(moves.falling) : t('priceTable.summary.falling', { count: moves.falling })}
      </span>
      <span className="sp-trend sp-trend--flat" aria-hidden={hidden}>
        {compact
          ? `=${formatCount(moves.unchanged)}`
          : t('priceTable.summary.unchanged', { count: moves.unchanged })}
      </span>
    </span>
  );
}

/** What a city's moves say to screen readers. */
export function useCityMovesText(): (
  city: string,
  moves: CityMoves | null | undefined,
) => string | undefined {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  return (city, moves) =>
    moves
      ? t('priceTable.summary.cityLabel', {
          city: tradeName('cities', city),
          rising: moves.rising,
          falling: moves.falling,
          unchanged: moves.unchanged,
        })
      : undefined;
}

/**
 * The day against the previous trading day for the shown product (and city on a phone): how many
 * cells rose, fell or stayed. One line of a fixed height, whatever arrives.
 */
export function SummaryLine({
  date,
  previousDate,
  moves,
  city,
}: {
  date: string | null;
  previousDate: string | null;
  moves: CityMoves | null;
  city?: string;
}) {
  const { t } = useTranslation();
  const spokenOf = useCityMovesText();
  return (
    <p className="sp-pt-summary" data-testid="price-summary">
      {date && <span className="sp-pt-summary__day">{t('priceTable.day.of', { date })}</span>}
      {previousDate ? (
        <span className="sp-pt-summary__against">{t('priceTable.day.against', { date: previousDate })}</span>
      ) : (
        date && <span className="sp-muted">{t('priceTable.day.noPrevious')}</span>
      )}
      {previousDate && <MovesLine moves={moves} spoken={city ? spokenOf(city, moves) : undefined} />}
    </p>
  );
}

/**
 * Every product's moves of the day, below the table (it arrives after it and pushes nothing):
 * each product links to its table, on the same day and city.
 */
export function SummaryBoard({
  summary,
  product,
  hrefOf,
}: {
  summary: PriceSummary | undefined;
  product: string;
  hrefOf: (product: string) => string;
}) {
  const { t } = useTranslation();
  const tradeName = useTradeName();
  if (!summary?.date || summary.products.length === 0) return null;
  return (
    <section className="sp-box sp-pt-board" data-testid="price-board">
      <h2 className="sp-box__title">{t('priceTable.summary.board', { date: summary.date })}</h2>
      <ul className="sp-box__body sp-pt-board__list">
        {summary.products.map((entry) => {
          const name = tradeName('products', entry.product);
          const current = entry.product === product;
          return (
            <li key={entry.product} className="sp-pt-board__item">
              <Link
                className="sp-pt-board__link"
                to={hrefOf(entry.product)}
                aria-current={current ? 'page' : undefined}
              >
                <TradeName kind="products" name={entry.product} />
              </Link>
              <MovesLine
                moves={entry}
                compact
                spoken={t('priceTable.summary.productLabel', {
                  product: name,
                  rising: entry.rising,
                  falling: entry.falling,
                  unchanged: entry.unchanged,
                })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
