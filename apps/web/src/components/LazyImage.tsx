import './lazyImage.css';
import { LAZY_IMAGE_THROTTLE_MS, LOADING_FADE_MS } from '@steelport/contracts';
import { type CSSProperties, useEffect, useRef, useState } from 'react';

/**
 * A transparent 1×1 GIF: what a failed image falls back to (docs/portal.md#errors), never a
 * broken-image icon.
 */
export const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** How far below (and above) the viewport an image starts loading. */
const NEAR_VIEWPORT = '200px 0px';

type Phase = 'waiting' | 'loading' | 'loaded' | 'failed';

/**
 * One observer for every lazy image, and the spec's 300 ms throttle: images that came near the
 * viewport are started together at most every LAZY_IMAGE_THROTTLE_MS, so a fast scroll through
 * a long list does not start a download per row it passes.
 */
const waiting = new Map<Element, () => void>();
const due = new Set<Element>();
let observer: IntersectionObserver | null = null;
let lastFlush = 0;
let flushTimer: number | null = null;

function flush() {
  flushTimer = null;
  lastFlush = Date.now();
  for (const el of due) {
    waiting.get(el)?.();
    waiting.delete(el);
    observer?.unobserve(el);
  }
  due.clear();
}

function scheduleFlush() {
  if (flushTimer !== null) return;
  const wait = Math.max(0, lastFlush + LAZY_IMAGE_THROTTLE_MS - Date.now());
  flushTimer = window.setTimeout(flush, wait);
}

function watch(el: Element, start: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    start();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting && waiting.has(entry.target)) due.add(entry.target);
      if (due.size > 0) scheduleFlush();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  waiting.set(el, start);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    due.delete(el);
    observer?.unobserve(el);
  };
}

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
  /** Load at once (the first banner, the largest image of the first screen). */
  eager?: boolean;
  /** the language of `alt` when it is not the page's (an ad's Chinese title: `zh`) */
  lang?: string;
}

/**
 * An image that loads when it comes near the viewport and fades in over LOADING_FADE_MS. Its box
 * has its size from the start (width/height attributes), so nothing moves when it arrives; a
 * failed image becomes a blank pixel on the placeholder background.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  className,
  style,
  eager = false,
  lang,
}: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [phase, setPhase] = useState<Phase>(eager && src ? 'loading' : 'waiting');

  useEffect(() => {
    if (!src) {
      setPhase('failed');
      return;
    }
    if (eager) {
      setPhase('loading');
      return;
    }
    setPhase('waiting');
    const el = ref.current;
    if (!el) return;
    return watch(el, () => setPhase('loading'));
  }, [src, eager]);

  const shown = phase === 'loading' || phase === 'loaded' ? src : BLANK_PIXEL;
  return (
    <img
      ref={ref}
      src={shown}
      alt={alt}
      lang={lang}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-state={phase}
      className={['sp-lazy-image', `sp-lazy-image--${phase}`, className ?? ''].join(' ').trim()}
      style={{ transitionDuration: `${LOADING_FADE_MS}ms`, ...style }}
      onLoad={() => {
        if (phase === 'loading') setPhase('loaded');
      }}
      onError={() => {
        if (phase === 'loading') setPhase('failed');
      }}
    />
  );
}
