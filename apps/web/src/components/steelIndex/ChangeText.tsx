import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import { formatChangePercent, formatSigned, formatYuan } from '../../lib/numbers.ts';
import { trendClass } from './format.ts';

/**
 * A change with its ratio in market colours (red up, green down) and an arrow; whole yuan unless
 * `format` says otherwise (tonnes, points), the ratio with two decimals.
 */
export function ChangeText({
  value,
  ratio,
  format,
}: {
  value: number;
  ratio?: number | null;
  format?: (n: number) => string;
}) {
  const shown = formatSigned(value, format ?? formatYuan);
  const share = ratio === undefined ? null : formatChangePercent(ratio);
  // Colour and arrow follow what is shown: a fall of 0.3 yuan reads 0 and flat, not a green −0.
  const sign = shown[0] === '+' || shown[0] === '−' ? shown[0] : share?.[0];
  const direction = sign === '+' ? 1 : sign === '−' ? -1 : 0;
  return (
    <span className={trendClass(direction)}>
      {direction > 0 ? <CaretUpFilled aria-hidden /> : direction < 0 ? <CaretDownFilled aria-hidden /> : null}
      {shown}
      {share !== null && <span className="sp-trend__ratio">{share}</span>}
    </span>
  );
}
