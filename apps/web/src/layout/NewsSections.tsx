import './newsSections.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The tabs of the 资讯 menu entry: 新闻资讯, 市场动态 and 指数资讯, each its own screen under its
 * own URL (old links and their titles keep working), all three lighting 资讯 in the menu.
 */
export const NEWS_SECTIONS = [
  { path: '/moreInfo', label: 'pages.moreInfo.title' },
  { path: '/commercialAffairs/list', label: 'pages.commercialAffairsList.title' },
  { path: '/morepage', label: 'pages.morepage.title' },
] as const;

export type NewsSectionPath = (typeof NEWS_SECTIONS)[number]['path'];

/** The tab strip at the top of each section's list screen; `current` is the screen's own. */
export function NewsSections({ current }: { current: NewsSectionPath }) {
  const { t } = useTranslation();
  return (
    <nav className="sp-newssections" aria-label={t('menu.newsSections')}>
      <ul className="sp-newssections__list">
        {NEWS_SECTIONS.map((section) => (
          <li key={section.path}>
            <Link
              to={section.path}
              className="sp-newssections__tab"
              aria-current={section.path === current ? 'page' : undefined}
            >
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
