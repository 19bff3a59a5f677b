/**
 * The matcher: one INSERT ... SELECT per batch of written rows that joins them to every active
 * term (see db/schema/subscription.ts), never a query per saved search.
 */
import type { SavedSearchKind } from '@steelport/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

const TABLE_OF: Record<SavedSearchKind, string> = {
  cargo: 'cargo',
  surplus: 'surplus',
  quotation: 'quotations',
};

/**
 * Matches written rows of one kind against every active term in one statement and stores an
 * inbox item per (saved search, item): `ON CONFLICT DO NOTHING` keeps a row imported twice (or
 * re-imported under a new id) to one item. With `moveFen` the rows were repriced by that much:
 * only searches with a price bound the old price failed and the new one meets match, and such a
 * match notifies again (a new id, unread) even if the item was found before. Returns the users
 * who got items, once per item.
 */
export async function matchRows(
  db: DbOrTx,
  kind: SavedSearchKind,
  ids: readonly number[],
  moveFen?: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = sql.raw(TABLE_OF[kind]);
  const live = kind === 'quotation' ? sql`r.deleted_at is null` : sql`r.status = 'on_sale'`;
  const grade = kind === 'surplus' ? sql`and (t.grades is null or r.grade = any(t.grades))` : sql``;
  const within = (price: ReturnType<typeof sql>) =>
    sql`(${price} > 0 and (t.price_min_fen is null or ${price} >= t.price_min_fen) and (t.price_max_fen is null or ${price} <= t.price_max_fen))`;
  const repriced =
    moveFen === undefined
      ? sql``
      : sql`and (t.price_min_fen is not null or t.price_max_fen is not null) and not ${within(sql`(r.price_fen - ${moveFen}::int)`)}`;
  const conditions = sql`
    r.id = any(${`{${ids.join(',')}}`}::int[]) and ${live}
    and t.kind = ${kind} and t.active
    and (t.material_ids is null or r.material_id = any(t.material_ids) or r.material = any(t.material_names))
    and (t.mill_ids is null or r.mill_id = any(t.mill_ids) or r.origin = any(t.origin_names))
    and (t.warehouse_ids is null or r.warehouse_id = any(t.warehouse_ids) or r.warehouse_name = any(t.warehouse_names))
    and (t.cities is null or r.city = any(t.cities))
    and (t.company_id is null or r.company_id = t.company_id)
    and (t.thickness_min is null or r.thickness >= t.thickness_min)
    and (t.thickness_max is null or r.thickness <= t.thickness_max)
    and (t.width_min is null or r.width >= t.width_min)
    and (t.width_max is null or r.width <= t.width_max)
    and (t.thicknesses is null or r.thickness = any(t.thicknesses))
    and (t.widths is null or r.width = any(t.widths))
    and (t.lengths is null or r.length = any(t.lengths))
    and (t.price_min_fen is null and t.price_max_fen is null or ${within(sql`r.price_fen`)})
    and (not t.call_for_price or r.price_fen = 0)
    and (t.texts is null or r.search_text ilike all(t.texts))
    and not exists (select 1 from users u where u.id = t.user_id and u.company_id = r.company_id)
    ${grade} ${repriced}`;
  // Each row probes the 16 keys of its product, city, material and mill or `*`
  // (normalize.ts#matchKey): only terms that agree on all four reach the other conditions.
  // A trader is not told about its own company's rows: it published them.
  // A batch may hold one item twice (a sheet listing the same lot twice): DO NOTHING skips the
  // second; DO UPDATE may not touch a row twice, so a reprice first keeps one row per item.
  const distinct = moveFen === undefined ? sql`` : sql`distinct on (x.saved_search_id, x.item_key)`;
  const onConflict =
    moveFen === undefined
      ? sql`on conflict do nothing`
      : sql`on conflict (saved_search_id, item_key) do update set
          id = nextval(pg_get_serial_sequence('inbox_items', 'id')), target_id = excluded.target_id,
          title = excluded.title, price_fen = excluded.price_fen, created_at = now(), read_at = null`;
  const result = await db.execute(sql`
    insert into inbox_items (user_id, kind, saved_search_id, target_id, item_key, title, price_fen)
    select ${distinct} x.user_id, ${kind}, x.saved_search_id, x.id, x.item_key,
      left(concat_ws(' ', p.name, nullif(x.material, ''), x.spec, nullif(x.origin, ''), x.city,
        nullif(x.warehouse_name, '')), 200), x.price_fen
    from (
      select t.saved_search_id, t.user_id, r.id, r.price_fen, r.product_id, r.material, r.spec,
        r.origin, r.city, r.warehouse_name,
        concat_ws('|', r.company_id, r.product_id, r.material, r.spec, r.origin, r.city, r.warehouse_name) as item_key
      from ${table} r
      cross join lateral (values (r.product_id::text), ('*')) kp(k)
      cross join lateral (values (r.city), ('*')) kc(k)
      cross join lateral (values (coalesce(r.material_id::text, '-')), ('*')) km(k)
      cross join lateral (values (coalesce(r.mill_id::text, '-')), ('*')) ko(k)
      join saved_search_terms t on t.match_key = kp.k || ':' || kc.k || ':' || km.k || ':' || ko.k
      where ${conditions}
    ) x
    join products p on p.id = x.product_id
    ${moveFen === undefined ? sql`` : sql`order by x.saved_search_id, x.item_key, x.id desc`}
    ${onConflict}
    returning user_id`);
  return (result as unknown as { rows: { user_id: number }[] }).rows.map((r) => Number(r.user_id));
}
