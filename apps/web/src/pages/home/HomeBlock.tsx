import '../../i18n/content.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A home block: a titled box whose body has one fixed height for every state — loading (skeleton
 * rows of the loaded rows' size), error, empty and loaded — so the page never shifts when a
 * block's data arrives (CLS test in e2e/home-content.spec.ts). Each block fetches on its own.
 */
export function HomeBlock({
  id,
  title,
  more,
  extra,
  state,
  skeletonRows,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  /** where 更多 goes */
  more?: string;
  extra?: ReactNode;
  state: 'pending' | 'error' | 'empty' | 'ready';
  skeletonRows: number;
  emptyText: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      className={`sp-box sp-home-block sp-home-block--${id}`}
      aria-labelledby={`home-block-${id}`}
      aria-busy={state === 'pending'}
      data-testid={`home-block-${id}`}
      data-state={state}
    >
      <h2 className="sp-box__title" id={`home-block-${id}`}>
        <span>{title}</span>
        <span className="sp-home-block__extra">
          {extra}
          {more && (
            <Link to={more} className="sp-home-block__more">
              {t('content.home.more')} ›
            </Link>
          )}
        </span>
      </h2>
      <div className="sp-home-block__body">
        {state === 'pending' && (
          <div className="sp-home-block__skeleton" aria-hidden>
            {Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <div key={i} className="sp-home-block__skeleton-row" />
            ))}
          </div>
        )}
        {state === 'error' && <p className="sp-home-block__state">{t('content.home.loadError')}</p>}
        {state === 'empty' && <p className="sp-home-block__state">{emptyText}</p>}
        {state === 'ready' && children}
      </div>
    </section>
  );
}

/** The state of a block from its query and whether it has rows. */
export function blockState(
  query: { isPending: boolean; isError: boolean },
  rows: number,
): 'pending' | 'error' | 'empty' | 'ready' {
  if (query.isPending) return 'pending';
  if (query.isError) return 'error';
  return rows === 0 ? 'empty' : 'ready';
}
