/**
 * Reading a console list's filters back from the URL (`useListState`): a hand-edited value the
 * server would refuse is dropped, not sent.
 */

/** The value when it is one of `values`, else undefined. */
export function oneOf<T extends string>(values: readonly T[], text: string | undefined): T | undefined {
  return (values as readonly string[]).includes(text ?? '') ? (text as T) : undefined;
}

/** An enabled filter (`active=true|false`) as the query's boolean; anything else: no filter. */
export function activeOf(text: string | undefined): boolean | undefined {
  return text === 'true' ? true : text === 'false' ? false : undefined;
}
