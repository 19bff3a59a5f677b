import { SUBSCRIPTION_LIMITS } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { lotFilterOf, parseLotQuery } from '../lots/lotQuery.ts';
import { parseQuoteQuery, quoteFilterOf } from '../quotes/quoteQuery.ts';
import {
  alertBody,
  alertKindsOf,
  filterWords,
  hasCondition,
  limitOf,
  nameFromFilter,
  savedFilterOf,
  subscribeStep,
} from './subscribeRules.ts';

describe('savedFilterOf', () => {
  it('keeps exactly the filter a lot screen sends, built from its URL', () => {
    const query = parseLotQuery(
      new URLSearchParams(
        'products=热轧卷板&materials=Q235B&cities=上海&priceMax=4000&sort=price&order=asc&page=3',
      ),
    );
    expect(savedFilterOf(lotFilterOf(query))).toEqual({
      products: ['热轧卷板'],
      materials: ['Q235B'],
      cities: ['上海'],
      priceMax: 4000,
    });
  });

  it('leaves the day out of a quotation filter (a subscription watches every day)', () => {
    const query = parseQuoteQuery(new URLSearchParams('indexSearch=热卷 Q235B&date=2026-11-20&view=cards'));
    expect(savedFilterOf(quoteFilterOf(query))).toEqual({ indexSearch: '热卷 Q235B' });
  });

  it('drops empty lists, blanks and a false 只看电议', () => {
    expect(savedFilterOf({ products: [], keyword: '', callForPrice: false, widthMin: 0 })).toEqual({
      widthMin: 0,
    });
    expect(hasCondition({})).toBe(false);
    expect(hasCondition({ products: [] })).toBe(false);
    expect(hasCondition({ supplierId: 7 })).toBe(true);
  });
});

describe('nameFromFilter', () => {
  it('names a search by its words as a trader says them', () => {
    expect(
      nameFromFilter({ cities: ['上海'], materials: ['Q235B'], products: ['热轧卷板'] }, '现货订阅'),
    ).toBe('热轧卷板 Q235B 上海');
  });

  it('says keyword words once and ranges with their units', () => {
    expect(
      filterWords({
        keyword: '热卷 Q235B',
        materials: ['Q235B'],
        thicknessMin: 2,
        thicknessMax: 3,
        priceMax: 4200,
        callForPrice: true,
      }),
    ).toEqual(['热卷', 'Q235B', '厚2-3mm', '≤4,200元/吨', '电议']);
  });

  it('stays within the name length, cut at a word', () => {
    const name = nameFromFilter(
      {
        products: ['热轧卷板', '冷轧卷板', '镀锌卷板'],
        cities: ['上海', '乐从', '天津', '无锡', '张家港', '邯郸'],
      },
      '现货订阅',
    );
    expect(name.length).toBeLessThanOrEqual(SUBSCRIPTION_LIMITS.nameLength);
    expect(name.endsWith(' ')).toBe(false);
    expect(name.startsWith('热轧卷板 冷轧卷板 镀锌卷板 上海')).toBe(true);
    expect(nameFromFilter({ keyword: 'x'.repeat(50) }, '现货订阅')).toHaveLength(
      SUBSCRIPTION_LIMITS.nameLength,
    );
  });

  it('falls back to the kind when nothing is nameable', () => {
    expect(nameFromFilter({ supplierId: 12 }, '现货订阅')).toBe('现货订阅');
  });
});

describe('subscribeStep', () => {
  it('asks a visitor to log in first', () => {
    expect(
      subscribeStep({ what: 'searches', loggedIn: false, vip: false, used: undefined, limit: undefined }),
    ).toEqual({
      step: 'login',
    });
  });

  it('shows a member the form with how many it has and may keep', () => {
    expect(subscribeStep({ what: 'searches', loggedIn: true, vip: false, used: 0, limit: 1 })).toEqual({
      step: 'form',
      used: 0,
      limit: 1,
    });
    // while the list loads the form shows with the membership's limit; the server decides
    expect(
      subscribeStep({ what: 'alerts', loggedIn: true, vip: true, used: undefined, limit: undefined }),
    ).toEqual({
      step: 'form',
      used: 0,
      limit: SUBSCRIPTION_LIMITS.vipAlerts,
    });
  });

  it('offers a member at the limit the membership that keeps more, and tells a VIP to delete one', () => {
    expect(subscribeStep({ what: 'searches', loggedIn: true, vip: false, used: 1, limit: 1 })).toEqual({
      step: 'full',
      used: 1,
      limit: 1,
      offerVip: true,
    });
    expect(subscribeStep({ what: 'searches', loggedIn: true, vip: true, used: 50, limit: 50 })).toMatchObject(
      {
        step: 'full',
        offerVip: false,
      },
    );
  });

  it('takes the limits from contracts', () => {
    expect(limitOf('searches', false)).toBe(SUBSCRIPTION_LIMITS.memberSearches);
    expect(limitOf('searches', true)).toBe(SUBSCRIPTION_LIMITS.vipSearches);
    expect(limitOf('alerts', false)).toBe(SUBSCRIPTION_LIMITS.memberAlerts);
    expect(limitOf('alerts', true)).toBe(SUBSCRIPTION_LIMITS.vipAlerts);
  });
});

describe('alertBody', () => {
  it('sends a level for 涨破 and 跌破, a percent for 单日涨跌幅', () => {
    expect(alertBody(3, 'above', 3620, 2)).toEqual({ indexId: 3, kind: 'above', level: 3620 });
    expect(alertBody(3, 'below', 3500, null)).toEqual({ indexId: 3, kind: 'below', level: 3500 });
    expect(alertBody(3, 'move', 3620, 1.5)).toEqual({ indexId: 3, kind: 'move', percent: 1.5 });
  });

  it('needs no figure for 市场日报, offered only on an index of one product', () => {
    expect(alertBody(3, 'report', null, null)).toEqual({ indexId: 3, kind: 'report' });
    expect(alertKindsOf('热轧卷板')).toEqual(['above', 'below', 'move', 'report']);
    expect(alertKindsOf('')).toEqual(['above', 'below', 'move']);
  });

  it('refuses a missing or out-of-bounds figure', () => {
    expect(alertBody(3, 'above', null, 2)).toBeNull();
    expect(alertBody(3, 'below', 0, 2)).toBeNull();
    expect(alertBody(3, 'above', SUBSCRIPTION_LIMITS.levelMax + 1, 2)).toBeNull();
    expect(alertBody(3, 'move', 3600, SUBSCRIPTION_LIMITS.movePercentMax + 1)).toBeNull();
    expect(alertBody(3, 'move', 3600, undefined)).toBeNull();
  });
});
