import '../../i18n/vip.ts';
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
  /** the word that marks the subscription line (vip.open.subscribeWord) */
  subscribeWord: string,
): string[] {
  if (!isVip) return [...benefits];
  const word = subscribeWord.toLowerCase();
  const at = benefits.findIndex((benefit) => benefit.toLowerCase().includes(word));
  if (at < 0) return [...benefits, subscribeLine];
  return benefits.map((benefit, index) => (index === at ? subscribeLine : benefit));
}

/** A commodity's texts as the server sends them, English ones optional (issue 31). */
export interface CommodityTexts {
  name: string;
  nameEn?: string;
  description: string;
  descriptionEn?: string;
  benefits: readonly string[];
  benefitsEn?: readonly string[];
  isVip: 0 | 1;
}

/** A text as shown: `zh` when the Chinese text stands in for a missing English one. */
export interface ShownText {
  text: string;
  zh: boolean;
}

/**
 * A commodity's name and description in the page's language: the English text when the session
 * is English and the commodity has one, else the Chinese (marked `zh` in English).
 */
export function commodityText(
  commodity: CommodityTexts,
  english: boolean,
): { name: ShownText; description: ShownText } {
  const pick = (zh: string, en: string | undefined): ShownText =>
    english && en ? { text: en, zh: false } : { text: zh, zh: english && zh !== '' };
  return {
    name: pick(commodity.name, commodity.nameEn),
    description: pick(commodity.description, commodity.descriptionEn),
  };
}

/**
 * The benefits /vipopen's cards and /vipmember's list show for a commodity: the VIP entry's
 * subscription line with the numbers of SUBSCRIPTION_LIMITS (texts of the `vip` bundle); in
 * English the commodity's English benefits when it has them (the Chinese ones marked otherwise).
 */
export function commodityBenefits(commodity: CommodityTexts, t: TFunction, english = false): ShownText[] {
  const useEnglish = english && (commodity.benefitsEn?.length ?? 0) > 0;
  const line = t('vip.open.subscribeBenefit', {
    member: SUBSCRIPTION_LIMITS.memberSearches,
    vip: SUBSCRIPTION_LIMITS.vipSearches,
  });
  return benefitsWithSubscriptions(
    useEnglish ? (commodity.benefitsEn ?? []) : commodity.benefits,
    commodity.isVip === 1,
    line,
    t('vip.open.subscribeWord'),
  ).map((text) => ({ text, zh: english && !useEnglish && text !== line }));
}
