/** `min–max`, or a single value when the range is one size (a plate rolled to one thickness). */
export function formatRange(min: number, max: number): string {
  return min === max ? String(min) : `${min}–${max}`;
}
