import { SUBSCRIPTION_LIMITS } from '@steelport/contracts';
import type { TFunction } from 'i18next';

/**
 * The benefits a commodity card lists. The VIP entry's 免费订阅 states its numbers (issue 19):
 * the line operators wrote about subscriptions (免费订阅行情) becomes the one with the limits of
 * SUBSCRIPTION_LIMITS, and it is added when they wrote none, so /vipopen never promises a
 * subscription without saying how many.
 */
export function benefitsWithSubscriptions(
  benefits: readonly string[],
  isVip: boolean,
  subscribeLine: string,
): string[] {
  if (!isVip) return [...benefits];
  const at = benefits.findIndex((benefit) => benefit.includes('订阅'));
  if (at < 0) return [...benefits, subscribeLine];
  return benefits.map((benefit, index) => (index === at ? subscribeLine : benefit));
}

/**
 * The benefits /vipopen's cards and /vipmember's list show for a commodity: the VIP entry's
 * 免费订阅 with the numbers of SUBSCRIPTION_LIMITS (texts of the `vip` bundle).
 */
export function commodityBenefits(
  commodity: { benefits: readonly string[]; isVip: 0 | 1 },
  t: TFunction,
): string[] {
  return benefitsWithSubscriptions(
    commodity.benefits,
    commodity.isVip === 1,
    t('vip.open.subscribeBenefit', {
      member: SUBSCRIPTION_LIMITS.memberSearches,
      vip: SUBSCRIPTION_LIMITS.vipSearches,
    }),
  );
}
