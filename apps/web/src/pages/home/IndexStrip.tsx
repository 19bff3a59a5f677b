import '../../components/steelIndex/steelIndex.css';
import '../../i18n/content.ts';
import '../../i18n/home.ts';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIndexInfo, useIndexSeries } from '../../api/steelIndex.ts';
import { ChangeText } from '../../components/steelIndex/ChangeText.tsx';
import { ProvisionalTag } from '../../components/steelIndex/Disclosure.tsx';
import { dayBefore } from '../../components/steelIndex/format.ts';
import { useIndexName } from '../../components/steelIndex/names.tsx';
import { renderShown } from '../../i18n/tradeNames.tsx';
import { formatPrice, MISSING } from '../../lib/numbers.ts';
import { SPARK_DAYS, Sparkline } from './Sparkline.tsx';

/** Which way the strip can still scroll: the cue shows only where indexes are hidden. */
interface Overflow {
  left: boolean;
  right: boolean;
}

/** A pixel of slack: sub-pixel widths must not keep a cue on at either end. */
const SLACK = 1;

/**
 * The home page's index strip: each index's latest price and day change, live from the API, with
 * 暂定 beside the change when the latest day is provisional, and a sparkline of its last 8 daily
 * prices (docs/portal.md#constants: 8 days at 24-hour steps), fetched after the prices in one
 * series call. Twelve indexes do not fit a screen, so the strip scrolls sideways and says so
 * where it does: a count of all indexes, a fading edge and ‹ › buttons (44 px tap targets) on
 * the side that hides indexes.
 */
export function IndexStrip() {
  const { t } = useTranslation();
  const indexName = useIndexName();
  const { data, isPending } = useIndexInfo();
  const track = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const count = data?.list.length ?? 0;
  const end = data?.latestDate ?? undefined;
  const { data: series } = useIndexSeries(
    { start: end ? dayBefore(end, SPARK_DAYS - 1, 'day') : undefined, end },
    end !== undefined,
  );
  const pointsOf = new Map(series?.series.map((s) => [s.id, s.points]));

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const next = {
      left: el.scrollLeft > SLACK,
      right: el.scrollLeft + el.clientWidth < el.scrollWidth - SLACK,
    };
    setOverflow((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, []);

  // Measured before paint: the cue comes with the indexes, nothing moves after they show.
  useLayoutEffect(() => {
    const el = track.current;
    if (!el || count === 0) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [count, measure]);

  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: 'smooth' });
  };

  if (!isPending && (!data || data.list.length === 0)) return null;
  const classes = [
    'sp-index-strip__viewport',
    overflow.left ? 'sp-index-strip__viewport--left' : '',
    overflow.right ? 'sp-index-strip__viewport--right' : '',
  ].join(' ');
  return (
    // While the index loads the strip keeps its place (CSS min-height), so nothing below jumps.
    <section className="sp-index-strip" aria-label={t('steelIndex.strip.title')} aria-busy={isPending}>
      <div className="sp-index-strip__title">
        <span>{t('steelIndex.strip.title')}</span>
        <Link to="/exponentMain">{t('steelIndex.strip.more')} ›</Link>
        {(overflow.left || overflow.right) && (
          <span className="sp-index-strip__hint" data-testid="index-strip-hint">
            {t('steelIndex.strip.scrollHint', { count })}
          </span>
        )}
      </div>
      <div className={classes}>
        <div className="sp-index-strip__track" ref={track} data-testid="index-strip-track">
          {data?.list.map((row) => (
            <Link key={row.id} to="/exponentMain" className="sp-index-strip__item">
              <span>{renderShown(indexName(row))}</span>
              <strong>
                {formatPrice(row.price) ?? MISSING}{' '}
                <small className="sp-muted">{t('units.pricePerTonne')}</small>
              </strong>
              <span className="sp-index-strip__change">
                <ChangeText value={row.change} ratio={row.changeRatio} />
                <ProvisionalTag day={row} />
              </span>
              <Sparkline
                points={pointsOf.get(row.id)}
                label={t('content.home.sparkline', { name: indexName(row).text, days: SPARK_DAYS })}
              />
            </Link>
          ))}
        </div>
        {overflow.left && (
          <button
            type="button"
            className="sp-index-strip__nav sp-index-strip__nav--prev"
            aria-label={t('steelIndex.strip.prev')}
            onClick={() => page(-1)}
          >
            <LeftOutlined aria-hidden />
          </button>
        )}
        {overflow.right && (
          <button
            type="button"
            className="sp-index-strip__nav sp-index-strip__nav--next"
            aria-label={t('steelIndex.strip.next')}
            data-testid="index-strip-next"
            onClick={() => page(1)}
          >
            <RightOutlined aria-hidden />
          </button>
        )}
      </div>
    </section>
  );
}
