import '../../i18n/steelIndex.ts';
import type { IndexDay } from '@steelport/contracts';
import { useTranslation } from 'react-i18next';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { ProvisionalTag } from '../../components/steelIndex/Disclosure.tsx';
import { formatPriceText, formatTonnesText } from '../../lib/numbers.ts';
import type { CompareRow } from './compare.ts';

/** One index of the overview: its price and stock rows of the comparison and its two days. */
export interface OverviewItem {
  id: number;
  name: string;
  /** the name stays Chinese (no English one) */
  zh?: boolean;
  price?: CompareRow;
  stock?: CompareRow;
  dayA?: IndexDay;
  dayB?: IndexDay;
}

/**
 * The all-index overview on a phone: a card per index (price and stock on both dates and the
 * change), instead of a seven-column table scrolled sideways. `absent(date)` says why a figure
 * is missing (登录可见 for a date before the visitor window).
 */
export function OverviewCards({
  items,
  a,
  b,
  absent,
}: {
  items: OverviewItem[];
  a: string;
  b: string;
  absent: (date: string) => string;
}) {
  const { t } = useTranslation();
  const line = (label: string, row: CompareRow | undefined, format: (n: number) => string) => (
    <div className="sp-crossdate-card__line">
      <span className="sp-crossdate-card__label">{label}</span>
      <span>{row?.a == null ? absent(a) : format(row.a)}</span>
      <span className="sp-muted">{row?.b == null ? absent(b) : format(row.b)}</span>
      {row?.change != null ? <ChangeText value={row.change} ratio={row.ratio} /> : <span>—</span>}
    </div>
  );
  return (
    <ul className="sp-crossdate-cards" data-testid="crossdate-cards">
      <li className="sp-crossdate-card__line sp-crossdate-card__head" aria-hidden>
        <span />
        <span>{a}</span>
        <span>{b}</span>
        <span>{t('steelIndex.cross.change')}</span>
      </li>
      {items.map((item) => (
        <li key={item.id} className="sp-crossdate-card">
          <b>
            <span lang={item.zh ? 'zh' : undefined}>{item.name}</span>{' '}
            {item.dayA && <ProvisionalTag day={item.dayA} />}
          </b>
          {line(t('steelIndex.cross.priceShort'), item.price, formatPriceText)}
          {line(t('steelIndex.cross.stockShort'), item.stock, formatTonnesText)}
        </li>
      ))}
    </ul>
  );
}
