import './banner.css';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const BANNERS = ['b1', 'b2', 'b3'] as const;
const AUTOPLAY_MS = 5000;
/** Pixels a finger must travel sideways for a swipe. */
const SWIPE_PX = 40;

/**
 * Static home banners (PORTAL §3 static content): slides every 5 s, pauses under the pointer or
 * the keyboard focus, dots and a swipe pick a slide. Hand-made rather than antd's Carousel,
 * which brings react-slick (about 15 kB gzip) into the first page of the portal for three slides.
 */
export function Banner() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipeFrom = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restarted by every change of slide, so a picked slide gets its full 5 s too
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % BANNERS.length), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused]);

  const go = (step: number) => setCurrent((index) => (index + step + BANNERS.length) % BANNERS.length);
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
      <div className="sp-banner__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {BANNERS.map((key, index) => (
          <div
            key={key}
            className={`sp-banner__slide sp-banner__slide--${key}`}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            <h2>{t(`home.banners.${key}.title`)}</h2>
            <p>{t(`home.banners.${key}.text`)}</p>
          </div>
        ))}
      </div>
      <div className="sp-banner__dots">
        {BANNERS.map((key, index) => (
          <button
            key={key}
            type="button"
            className={index === current ? 'sp-banner__dot sp-banner__dot--active' : 'sp-banner__dot'}
            aria-label={t(`home.banners.${key}.title`)}
            aria-current={index === current}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
    </section>
  );
}
