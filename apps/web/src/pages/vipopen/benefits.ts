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
