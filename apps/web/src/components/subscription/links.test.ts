import { describe, expect, it } from 'vitest';
import { parseLotQuery } from '../lots/lotQuery.ts';
import { parseQuoteQuery } from '../quotes/quoteQuery.ts';
import { inboxItemHref, savedSearchHref } from './links.ts';

describe('subscription links', () => {
  it('opens a saved lot search on its screen with the same filter', () => {
    const filter = { keyword: '热卷 Q235B', cities: ['上海', '乐从'], thicknessMin: 2, priceMax: 4000 };
    const href = savedSearchHref({ kind: 'surplus', filter });
    expect(href.startsWith('/surplus?')).toBe(true);
    const query = parseLotQuery(new URLSearchParams(href.split('?')[1]));
    expect(query).toMatchObject(filter);
    expect(savedSearchHref({ kind: 'cargo', filter: {} })).toBe('/wareHouse');
  });

  it('opens a saved quotation search on /beginMain', () => {
    const href = savedSearchHref({ kind: 'quotation', filter: { indexSearch: '冷轧', materials: ['SPCC'] } });
    expect(href.startsWith('/beginMain?')).toBe(true);
    expect(parseQuoteQuery(new URLSearchParams(href.split('?')[1]))).toMatchObject({
      indexSearch: '冷轧',
      materials: ['SPCC'],
    });
  });

  it('opens what an inbox item found: the lot or quote by its words, an index on the dashboard, a report', () => {
    const title = '热轧卷板 Q235B 2.75*1250*C 日照 乐从';
    expect(inboxItemHref({ kind: 'cargo', title, targetId: 9 })).toBe(
      `/wareHouse?${new URLSearchParams({ keyword: title })}`,
    );
    expect(inboxItemHref({ kind: 'quotation', title, targetId: 9 })).toBe(
      `/beginMain?${new URLSearchParams({ indexSearch: title })}`,
    );
    expect(inboxItemHref({ kind: 'index', title: '乐从热卷 涨破 3600 元/吨', targetId: 3 })).toBe(
      '/exponentMain',
    );
    expect(inboxItemHref({ kind: 'article', title: '热轧卷板市场日报 已发布', targetId: 42 })).toBe(
      '/moreInfo/article/42',
    );
  });
});
