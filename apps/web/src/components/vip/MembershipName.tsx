import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderShown, type ShownName } from '../../i18n/tradeNames.tsx';

/** The memberships the portal names itself (`membership.*` in the locales). */
const NAMED = ['vip', 'data', 'company'] as const;

/**
 * `(name) => ShownName`: a membership as the server names it (in Chinese), in the page's
 * language: one of the portal's own membership words when it is one, else the name as it is,
 * marked Chinese in English.
 */
export function useMembershipName(): (name: string) => ShownName {
  const { t, i18n } = useTranslation();
  const chinese = i18n.getFixedT('zh-CN');
  const english = i18n.language !== 'zh-CN';
  return (name) => {
    const key = NAMED.find((word) => chinese(`membership.${word}`) === name);
    if (key) return { text: t(`membership.${key}`), zh: false };
    return { text: name, zh: english };
  };
}

/** A membership's name in the page's language (useMembershipName). */
export function MembershipName({ name }: { name: string }): ReactNode {
  return renderShown(useMembershipName()(name));
}
