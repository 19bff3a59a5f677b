/** One side of an audit row's before/after, the changed keys marked (AdminAuditPage). */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One side of a row's change as indented JSON, one line per top-level key, the keys whose value
 * differs on the `other` side marked; null/undefined as the "(none)" mark.
 */
export function DiffSide({ value, other, none }: { value: unknown; other: unknown; none: string }) {
  if (value === null || value === undefined) return <pre>{none}</pre>;
  if (!isRecord(value)) return <pre>{JSON.stringify(value, null, 2)}</pre>;
  const keys = Object.keys(value);
  return (
    <pre>
      {'{\n'}
      {keys.map((key, i) => {
        const text = JSON.stringify(value[key] ?? null, null, 2).replace(/\n/g, '\n  ');
        const changed = !isRecord(other) || JSON.stringify(value[key]) !== JSON.stringify(other[key]);
        const line = `  ${JSON.stringify(key)}: ${text}${i < keys.length - 1 ? ',' : ''}\n`;
        return changed ? (
          <mark key={key} className="sp-admin-diff__changed">
            {line}
          </mark>
        ) : (
          <span key={key}>{line}</span>
        );
      })}
      {'}'}
    </pre>
  );
}
