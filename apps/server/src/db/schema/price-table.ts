/**
 * The daily price tables (价格行情, issue 34, modules/price-table): which quoted items operators
 * pinned to a product's table or hid from it. An item is what a row prices: grade, spec and mill
 * as the quotations write them (`quotations.material`, `.spec`, `.origin`). Items without a row
 * here are `auto`: shown when they are among the most quoted. A row set back to `auto` is kept
 * (its last operator and time stay visible); the audit log has the history.
 */
import { PRICE_ITEM_STATES } from '@steelport/contracts';
import { check, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from './columns.ts';
import { products } from './dictionary.ts';
import { users } from './users.ts';

export const priceTableItems = pgTable(
  'price_table_items',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** the grade as quoted (quotations.material) */
    material: varchar('material', { length: 30 }).notNull(),
    /** the spec as quoted (quotations.spec) */
    spec: varchar('spec', { length: 50 }).notNull(),
    /** the mill as quoted (quotations.origin) */
    origin: varchar('origin', { length: 30 }).notNull(),
    state: varchar('state', { length: 10, enum: PRICE_ITEM_STATES }).notNull().default('auto'),
    /** the operator who set the state last */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('price_table_items_item_uq').on(t.productId, t.material, t.spec, t.origin),
    check('price_table_items_state_ck', oneOf(t.state, PRICE_ITEM_STATES)),
  ],
);
