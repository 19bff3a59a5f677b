import { describe, expect, it } from 'vitest';
import { benefitsWithSubscriptions } from './benefits.ts';

const LINE = '免费订阅：会员 1 个、VIP 50 个保存的搜索与指数提醒';

describe('benefitsWithSubscriptions', () => {
  it('states the numbers in place of the VIP entry’s subscription benefit', () => {
    expect(
      benefitsWithSubscriptions(['显示VIP身份', '免费订阅行情', '免费拼单加工'], true, LINE, '订阅'),
    ).toEqual(['显示VIP身份', LINE, '免费拼单加工']);
  });

  it('adds the line when operators wrote none, and leaves other commodities alone', () => {
    expect(benefitsWithSubscriptions(['显示VIP身份'], true, LINE, '订阅')).toEqual(['显示VIP身份', LINE]);
    expect(benefitsWithSubscriptions(['指数完整历史'], false, LINE, '订阅')).toEqual(['指数完整历史']);
  });
});

describe('benefitsWithSubscriptions in English', () => {
  it('finds the subscription line by the English word', () => {
    const line = 'Free subscriptions: 1 and 50';
    expect(
      benefitsWithSubscriptions(['VIP badge', 'Free market subscriptions'], true, line, 'subscri'),
    ).toEqual(['VIP badge', line]);
  });
});
