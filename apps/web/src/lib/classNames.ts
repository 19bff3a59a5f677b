/** A `className` from parts, leaving out the ones a condition turned off (`active && 'x'`). */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
