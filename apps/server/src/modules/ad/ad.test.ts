/** Ads: only active ads inside their date window are served, in order. */

import { AD_POSITIONS } from '@steelport/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ads } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';

const t = useTestApp();
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  await t.db.insert(ads).values([
    {
      positionName: 'homeBanner',
      title: '第二张',
      imageUrl: '/ads/home-quote.svg',
      linkUrl: '/beginMain',
      sort: 2,
    },
    {
      positionName: 'homeBanner',
      title: '第一张',
      imageUrl: '/ads/home-spot.svg',
      linkUrl: '/wareHouse',
      sort: 1,
      startsAt: at(-1),
      endsAt: at(1),
    },
    { positionName: 'homeBanner', title: '已停用', imageUrl: '/ads/x.svg', active: false },
    {
      positionName: 'homeBanner',
      title: '已过期',
      imageUrl: '/ads/x.svg',
      startsAt: at(-10),
      endsAt: at(-1),
    },
    { positionName: 'homeBanner', title: '未开始', imageUrl: '/ads/x.svg', startsAt: at(1), endsAt: at(10) },
    {
      positionName: 'homeBanner',
      title: '刚结束',
      imageUrl: '/ads/x.svg',
      endsAt: new Date(Date.now() - 1000),
    },
    {
      positionName: 'floatAd',
      title: '脚本链接',
      imageUrl: '/ads/float-vip.svg',
      linkUrl: 'javascript:alert(1)',
    },
  ]);
});

const byPosition = (name: string) =>
  t.app.inject({ url: `/api/web/2.0/ad/getByPositionName?positionName=${name}` });

describe('ads', () => {
  it('serves only the active ads inside their window, by sort', async () => {
    const res = await byPosition('homeBanner');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((a: { title: string }) => a.title)).toEqual(['第一张', '第二张']);
    expect(list[0]).toMatchObject({
      imageUrl: '/ads/home-spot.svg',
      linkUrl: '/wareHouse',
      endsAt: expect.any(String),
    });
    expect(list[1]).toMatchObject({ startsAt: null, endsAt: null });
  });

  it('never hands out a javascript: link', async () => {
    const [ad] = (await byPosition('floatAd')).json().data;
    expect(ad).toMatchObject({ title: '脚本链接', linkUrl: '' });
  });

  it('answers an empty list for a known position without ads', async () => {
    expect((await byPosition('sideBar')).json()).toMatchObject({ code: 0, data: [] });
  });

  it('refuses every unknown position alike, Latin or not, with code 2 naming the known ones', async () => {
    const known = AD_POSITIONS.join('、');
    const unknown = [
      'nosuchPosition',
      'HomeBanner',
      encodeURIComponent('首页轮播'),
      '',
      'a%20b',
      '%3Cscript%3E',
    ];
    for (const bad of unknown) {
      const res = await byPosition(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        code: 2,
        message: `参数错误：positionName 须为 ${known} 之一`,
      });
    }
    const english = await t.app.inject({
      url: '/api/web/2.0/ad/getByPositionName?positionName=nosuchPosition',
      headers: { 'x-lang': 'en' },
    });
    expect(english.json()).toMatchObject({
      code: 2,
      message: `Invalid request: positionName must be one of ${AD_POSITIONS.join(', ')}`,
    });
    expect((await t.app.inject({ url: '/api/web/2.0/ad/getByPositionName' })).json().code).toBe(2);
  });
});
