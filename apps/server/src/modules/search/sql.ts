/**
 * What other modules' repositories may use of the search: the SQL pieces the three searches
 * (stock, surplus, quotations) share, each over the table or columns its caller passes in. A
 * module never imports another module's `repo` (scripts/shape.mjs fails on it); this file is the
 * search module's one door for SQL, as its services are for everything else.
 */
export { type SearchColumns, type SharedFilter, searchColumns, sharedConditions } from './repo/conditions.ts';
export { type FacetCount, type FacetTable, facetCounts, type LotFacet } from './repo/facets.ts';
export { type Facet, type LotKind, type LotTable, lotTable } from './repo/lots.ts';
export { callForPriceOnly, type OrderPart, pricedOnly } from './repo/order.ts';
export { traderUserIdOf } from './repo/suppliers.ts';
