/**
 * One page size for every list (issue 35): the news, market dynamics, processing offers and
 * agencies once capped pageSize at 50 while the other lists took 100. Every list now takes
 * contracts' PAGE_SIZE_MAX and refuses one more with code 2 naming the bound.
 */
import { PAGE_SIZE_MAX } from '@steelport/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/app.ts';

const t = useTestApp();

const LISTS = [
  '/api/web/2.0/article/page',
  '/api/web/commercialAffairs/findPageWithoutLogin',
  '/api/web/2.0/shareMach',
  '/api/web/2.0/agency/page',
];

describe('page size of the public lists', () => {
  it.each(LISTS)('%s takes pageSize=100 and refuses 101 with code 2', async (list) => {
    expect(PAGE_SIZE_MAX).toBe(100);
    const full = await t.app.inject({ url: `${list}?pageSize=${PAGE_SIZE_MAX}` });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ code: 0, data: { pageSize: PAGE_SIZE_MAX } });
    const over = await t.app.inject({ url: `${list}?pageSize=${PAGE_SIZE_MAX + 1}` });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 2, message: '参数错误：pageSize 不能大于 100' });
  });
});
