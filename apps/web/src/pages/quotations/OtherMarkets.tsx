/**
 * The header search opens today's quotations (PORTAL: /quotation?indexSearch=), but a buyer may
 * have meant stock: the same words also count stock and surplus lots, each a link to that search. Counts
 * come from the lot totals (cached on the server), so the line costs no guarded search.
 */
import '../../i18n/market.ts';
import type { LotKind } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLotTotals } from '../../api/lots.ts';
import { formatCount } from '../../lib/numbers.ts';

const MARKETS: { kind: LotKind; path: string; label: 'quotes.inStock' | 'quotes.inSurplus' }[] = [
  { kind: 'cargo', path: '/wareHouse', label: 'quotes.inStock' },
  { kind: 'surplus', path: '/surplus', label: 'quotes.inSurplus' },
];

function MarketLink({ kind, path, label, keyword }: (typeof MARKETS)[number] & { keyword: string }) {
  const { t } = useTranslation();
  const totals = useLotTotals(kind, { keyword });
  // The link is there at once (the search is worth opening either way); the count follows.
  const count = totals.data ? formatCount(totals.data.rows) : '…';
  return (
    <Link to={`${path}?${new URLSearchParams({ keyword })}`} data-testid={`also-${kind}`}>
      {t(label, { count })}
    </Link>
  );
}

/** The stock and surplus counts (quotes.alsoIn) of a header-search keyword; nothing without one. */
export function OtherMarkets({ keyword }: { keyword: string | undefined }) {
  const { t } = useTranslation();
  const words = keyword?.trim();
  if (!words) return null;
  return (
    <p className="sp-quotes__also">
      <span>{t('quotes.alsoIn')}</span>
      {MARKETS.map((market, i) => (
        <span key={market.kind}>
          {i > 0 && ' · '}
          <MarketLink {...market} keyword={words} />
        </span>
      ))}
    </p>
  );
}
