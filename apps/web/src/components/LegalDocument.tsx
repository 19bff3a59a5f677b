/**
 * One of our legal documents (《用户服务协议》 /agreement, 《隐私政策》 /privacy): title, dates,
 * introduction, a list of contents and numbered sections, and a link to the other document. The
 * text lives in i18n (locales/legal.*.ts).
 */
import './legal.css';
import '../i18n/legal.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from './PageTitle.tsx';

export type LegalDocumentKey = 'agreement' | 'privacy';

const OTHER: Record<LegalDocumentKey, { key: LegalDocumentKey; path: string }> = {
  agreement: { key: 'privacy', path: '/privacy' },
  privacy: { key: 'agreement', path: '/agreement' },
};

/** Renders the document `name` in the current language. */
export function LegalDocument({ name }: { name: LegalDocumentKey }) {
  const { t } = useTranslation();
  const doc = t(`legal.${name}`, { returnObjects: true });
  const other = OTHER[name];
  const anchor = (index: number) => `${name}-${index + 1}`;

  return (
    <div className="sp-container sp-page">
      <article className="sp-legal" aria-labelledby={`${name}-title`}>
        <PageTitle>
          <span id={`${name}-title`}>{doc.title}</span>
        </PageTitle>
        <p className="sp-legal__updated">{t('legal.updated')}</p>
        <p className="sp-legal__intro">{doc.intro}</p>
        <nav className="sp-legal__toc" aria-label={t('legal.contents')}>
          <h2>{t('legal.contents')}</h2>
          <ol>
            {doc.sections.map((section, index) => (
              <li key={section.heading}>
                <a href={`#${anchor(index)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((section, index) => (
          <section key={section.heading} className="sp-legal__section" aria-labelledby={anchor(index)}>
            <h2 id={anchor(index)}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <p className="sp-legal__other">
          {t('legal.seeAlso')}
          <Link to={other.path}>{t(`legal.${other.key}.title`)}</Link>
        </p>
      </article>
    </div>
  );
}
