import type { IndexPoint } from '@steelport/contracts';

/** The daily series sample: 8 days at 24-hour steps (docs/portal.md#constants). */
export const SPARK_DAYS = 8;
const WIDTH = 96;
const HEIGHT = 24;
const PAD = 2;

/** The polyline of `prices` scaled into the box; a flat series is a line through the middle. */
export function sparkPath(prices: number[], width = WIDTH, height = HEIGHT): string {
  if (prices.length === 0) return '';
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const step = prices.length > 1 ? (width - 2 * PAD) / (prices.length - 1) : 0;
  return prices
    .map((p, i) => {
      const y = hi === lo ? height / 2 : PAD + ((hi - p) / (hi - lo)) * (height - 2 * PAD);
      return `${(PAD + i * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * A small line of an index's last 8 daily prices, red when the week rose and green when it fell
 * (the trade's colours, as ChangeText). The box has its size before the series arrives, so the
 * strip does not grow when it comes.
 */
export function Sparkline({ points, label }: { points: IndexPoint[] | undefined; label: string }) {
  const prices = (points ?? []).slice(-SPARK_DAYS).map((p) => p.price);
  const first = prices[0] ?? 0;
  const last = prices[prices.length - 1] ?? 0;
  const trend = last > first ? 'up' : last < first ? 'down' : 'flat';
  return (
    <svg
      className={`sp-sparkline sp-sparkline--${trend}`}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-points={prices.length}
    >
      {prices.length > 1 && <polyline points={sparkPath(prices)} fill="none" strokeWidth="1.5" />}
    </svg>
  );
}
