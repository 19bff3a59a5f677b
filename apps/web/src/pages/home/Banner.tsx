import './banner.css';
import '../../i18n/home.ts';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAds } from '../../api/content.ts';
import { AdLink } from '../../components/FloatingAd.tsx';
import { LazyImage } from '../../components/LazyImage.tsx';

/** The static slides (docs/portal.md#static-content): shown when no homeBanner ad is running. */
const BANNERS = ['b1', 'b2', 'b3'] as const;
const AUTOPLAY_MS = 5000;
/** Pixels a finger must travel sideways for a swipe. */
const SWIPE_PX = 40;

/**
 * Home banners: the running homeBanner ads (images with their links, in the ads' order), or the
 * static slides (docs/portal.md#static-content) when none runs. Slides every 5 s, pauses under
 * the pointer or the keyboard focus, dots and a swipe pick a slide. Hand-made rather than antd's
 * Carousel, which brings react-slick (about 15 kB gzip) into the first page of the portal for
 * three slides.
 */
export function Banner() {
  const { t } = useTranslation();
  const { data: ads, isPending } = useAds('homeBanner');
  const slides =
    ads && ads.length > 0
      ? ads.map((ad) => ({ key: String(ad.id), title: ad.title, ad }))
      : isPending
        ? []
        : BANNERS.map((key) => ({ key, title: t(`home.banners.${key}.title`), ad: null }));
  const count = Math.max(1, slides.length);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipeFrom = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarted by every change of slide, so a picked slide gets its full 5 s too
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % count), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused, count]);

  const go = (step: number) => setCurrent((index) => (index + step + count) % count);
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const travelled = event.clientX - from;
    if (Math.abs(travelled) >= SWIPE_PX) go(travelled < 0 ? 1 : -1);
  };

  return (
    <section
      className="sp-banner"
      aria-roledescription="carousel"
      aria-label={t('app.name')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(event) => {
        if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
      }}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeFrom.current = null;
      }}
    >
      <div className="sp-banner__track" style={{ transform: `translateX(-${(current % count) * 100}%)` }}>
        {/* While the ads load, one empty slide holds the banner's height. */}
        {slides.length === 0 && <div className="sp-banner__slide sp-banner__slide--loading" />}
        {slides.map(({ key, title, ad }, index) => (
          <div
            key={key}
            className={
              ad ? 'sp-banner__slide sp-banner__slide--ad' : `sp-banner__slide sp-banner__slide--${key}`
            }
            aria-hidden={index !== current % count}
            inert={index !== current % count}
          >
            {ad ? (
              <AdLink href={ad.linkUrl} className="sp-banner__adlink">
                <LazyImage
                  src={ad.imageUrl}
                  alt={ad.title}
                  lang="zh"
                  width={880}
                  height={300}
                  eager
                  className="sp-banner__image"
                />
              </AdLink>
            ) : (
              <>
                <h2>{title}</h2>
                <p>{t(`home.banners.${key as (typeof BANNERS)[number]}.text`)}</p>
              </>
            )}
          </div>
        ))}
      </div>
      <div className="sp-banner__dots">
        {slides.map(({ key, title, ad }, index) => (
          <button
            key={key}
            type="button"
            className={index === current % count ? 'sp-banner__dot sp-banner__dot--active' : 'sp-banner__dot'}
            aria-label={title}
            // an ad's title is the operators' Chinese
            lang={ad ? 'zh' : undefined}
            aria-current={index === current % count}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
    </section>
  );
}
