import { useTranslation } from 'react-i18next';

/** The membership words in the order a user meets them, each key with its `…Meaning`. */
const WORDS = ['member', 'vip', 'badge', 'data', 'company'] as const;

/**
 * The glossary: the one set of membership words (locales `membership.*`) with one line each, so
 * /vipmember and the account's membership page explain the names the whole portal uses.
 */
export function MembershipGlossary({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <section
      className={className ? `sp-box sp-glossary ${className}` : 'sp-box sp-glossary'}
      aria-labelledby="membership-glossary"
      data-testid="membership-glossary"
    >
      <h2 className="sp-box__title" id="membership-glossary">
        {t('membership.glossaryTitle')}
      </h2>
      <dl className="sp-box__body sp-glossary__list">
        {WORDS.map((word) => (
          <div key={word} className="sp-glossary__row">
            <dt>{t(`membership.${word}`)}</dt>
            <dd className="sp-muted">{t(`membership.${word}Meaning`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
