import { CaretDownFilled, CaretUpFilled } from '@ant-design/icons';
import { fmtRatio, fmtSigned, trendClass } from './format.ts';

/** A change with its ratio in market colours (red up, green down) and an arrow. */
export function ChangeText({
  value,
  ratio,
  format,
}: {
  value: number;
  ratio?: number | null;
  format?: (n: number) => string;
}) {
  return (
    <span className={trendClass(value)}>
      {value > 0 ? <CaretUpFilled aria-hidden /> : value < 0 ? <CaretDownFilled aria-hidden /> : null}
      {fmtSigned(value, format)}
      {ratio !== undefined && <span className="sp-trend__ratio">{fmtRatio(ratio)}</span>}
    </span>
  );
}
