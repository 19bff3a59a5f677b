/**
 * An audit row's change as a table (/admin/audit, issue 35): one line per field, named in the
 * console's language (`admin.audit.fields`, the code itself for a field without a name), its
 * value before and after, changed lines marked and first. A creation has only an after, a
 * deletion only a before; a snapshot that is not an object (a list, a number) is one line.
 */
import '../../../i18n/admin.ts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { i18n } from '../../../i18n/index.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The name of field `key` in the console's language, or the key as it is. */
export function fieldName(key: string, t: TFunction): string {
  const path = `admin.audit.fields.${key}`;
  return i18n.exists(path) ? t(path as 'admin.audit.fields.id') : key;
}

/** A value as an operator reads it: 是/否, lists joined, times local, the rest as compact JSON. */
export function valueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined) return t('admin.audit.nothing');
  if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no');
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return dayjs(value).format('YYYY-MM-DD HH:mm:ss');
    return value === '' ? '""' : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.length === 0 ? '[]' : value.join('、');
  return JSON.stringify(value);
}

export interface ChangeLine {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The lines of a change: every field of either side, the changed ones first, each side's order kept. */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    return [{ key: '', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const lines = keys.map((key) => ({
    key,
    before: isRecord(before) ? from[key] : undefined,
    after: isRecord(after) ? to[key] : undefined,
    changed: !isRecord(before) || !isRecord(after) || JSON.stringify(from[key]) !== JSON.stringify(to[key]),
  }));
  return [...lines.filter((line) => line.changed), ...lines.filter((line) => !line.changed)];
}

/** The change of one audit row, before → after, in a readable table. */
export function ChangeTable({ before, after, t }: { before: unknown; after: unknown; t: TFunction }) {
  const lines = changeLines(before, after);
  return (
    <table className="sp-admin-change">
      <thead>
        <tr>
          <th scope="col">{t('admin.audit.colField')}</th>
          <th scope="col">{t('admin.audit.before')}</th>
          <th scope="col">{t('admin.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className={line.changed ? 'sp-admin-change__changed' : undefined}>
            <th scope="row">
              {line.key === '' ? '—' : fieldName(line.key, t)}
              {line.key !== '' && fieldName(line.key, t) !== line.key && (
                <span className="sp-admin-change__code">{line.key}</span>
              )}
            </th>
            <td>{valueText(line.before, t)}</td>
            <td>{valueText(line.after, t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
