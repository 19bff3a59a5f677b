import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, ChangePasswordBody, ProfileBody, RegisterBody } from './account.ts';
import {
  CAPTCHA_PASS_SECONDS,
  CargoSearch,
  LOT_FILTER_LIMITS,
  SupplierListQuery,
  SurplusSearch,
} from './cargo.ts';
import { PAGE_SIZE_MAX } from './envelope.ts';

/** A JSON Schema keyword of `schema` (TypeBox keeps them on the schema object). */
function keyword(schema: unknown, name: 'maxLength' | 'maxItems' | 'maximum'): unknown {
  return (schema as Record<string, unknown>)[name];
}

/** The limits the portal reads are the ones the schemas enforce: one number, both sides. */
describe('shared limits', () => {
  it('bound the lot search schemas of both markets', () => {
    for (const schema of [CargoSearch, SurplusSearch]) {
      const fields = schema.properties;
      expect(keyword(fields.keyword, 'maxLength')).toBe(LOT_FILTER_LIMITS.keywordLength);
      expect(keyword(fields.products, 'maxItems')).toBe(LOT_FILTER_LIMITS.names);
      expect(keyword(fields.cities.items, 'maxLength')).toBe(LOT_FILTER_LIMITS.nameLength);
      expect(keyword(fields.thicknessMax, 'maximum')).toBe(LOT_FILTER_LIMITS.thicknessMax);
      expect(keyword(fields.widthMin, 'maximum')).toBe(LOT_FILTER_LIMITS.widthMax);
      expect(keyword(fields.priceMax, 'maximum')).toBe(LOT_FILTER_LIMITS.priceMax);
      expect(keyword(fields.page, 'maximum')).toBe(LOT_FILTER_LIMITS.pageMax);
      expect(keyword(fields.pageSize, 'maximum')).toBe(LOT_FILTER_LIMITS.pageSizeMax);
    }
    expect(keyword(SupplierListQuery.properties.keyword, 'maxLength')).toBe(
      LOT_FILTER_LIMITS.supplierKeywordLength,
    );
    expect(keyword(SupplierListQuery.properties.city, 'maxLength')).toBe(
      LOT_FILTER_LIMITS.supplierCityLength,
    );
  });

  it('bound the account forms as the account schemas do', () => {
    expect(keyword(RegisterBody.properties.linkMan, 'maxLength')).toBe(ACCOUNT_LIMITS.linkManMax);
    expect(keyword(ProfileBody.properties.company, 'maxLength')).toBe(ACCOUNT_LIMITS.companyMax);
    expect(keyword(ChangePasswordBody.properties.oldPassword, 'maxLength')).toBe(ACCOUNT_LIMITS.passwordMax);
  });

  it('let a passed captcha search for ten minutes', () => {
    expect(CAPTCHA_PASS_SECONDS).toBe(600);
  });
});

describe('one page size for every list', () => {
  it('bounds every schema with a pageSize by PAGE_SIZE_MAX', async () => {
    const all: Record<string, unknown> = await import('./index.ts');
    // Traders per page of the three-per-trader view are not rows: each brings its quotes along.
    const notRows = new Set(['QuotationThreeSearch']);
    const bounded = Object.entries(all).flatMap(([name, schema]) => {
      const pageSize = (schema as { properties?: { pageSize?: unknown } } | null)?.properties?.pageSize;
      const max = pageSize === undefined ? undefined : keyword(pageSize, 'maximum');
      return max === undefined || notRows.has(name) ? [] : [[name, max] as const];
    });
    // the four lists of issue 35 among them
    expect(bounded.map(([name]) => name)).toEqual(
      expect.arrayContaining(['ArticleListQuery', 'AffairPageQuery', 'AgencyPageQuery', 'ProcessingQuery']),
    );
    expect(bounded.filter(([, max]) => max !== PAGE_SIZE_MAX)).toEqual([]);
  });
});
