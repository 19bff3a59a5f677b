import { useTranslation } from 'react-i18next';

const SECTIONS = [
  'sample',
  'price',
  'points',
  'weights',
  'changes',
  'composite',
  'saturation',
  'audit',
  'access',
] as const;

/** The methodology (指数说明): how every published figure is computed, in plain Chinese. */
export function Methodology() {
  const { t } = useTranslation();
  return (
    <article className="sp-box sp-methodology">
      <h2 className="sp-box__title">{t('steelIndex.method.title')}</h2>
      <div className="sp-box__body">
        {SECTIONS.map((key, i) => (
          <section key={key}>
            <h3>
              {i + 1}. {t(`steelIndex.method.sections.${key}.title`)}
            </h3>
            <p>{t(`steelIndex.method.sections.${key}.text`)}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
