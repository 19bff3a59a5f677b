/**
 * The pieces every part of the route table is written with: lazy screens, redirect shells and
 * typed route metadata (`handle`).
 */
import { type ComponentType, lazy } from 'react';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { withScreenTexts } from '../i18n/index.ts';
import type { RouteHandle } from '../layout/routeMeta.ts';
import type { ScreenPrefetch } from '../lib/prefetch.ts';

/** A page module: its screen, and optionally the reads it starts before rendering. */
type ScreenModule<K extends string> = Record<K, ComponentType> & { prefetch?: ScreenPrefetch };

/** What loads a screen's module, for starting its reads ahead of React. */
export type ScreenLoader = () => Promise<{ prefetch?: ScreenPrefetch }>;

/** Each lazy screen's loader, so the screen a visit opens on can be started ahead of React. */
const screenLoaders = new WeakMap<object, ScreenLoader>();

/**
 * A lazily loaded screen: each page folder becomes its own chunk, fetched on first visit. It
 * renders once its texts are there in the page's language (`withScreenTexts`).
 */
export function page<K extends string>(load: () => Promise<ScreenModule<K>>, name: K) {
  const Screen = lazy<ComponentType>(() =>
    withScreenTexts(load)().then((module) => ({ default: module[name] })),
  );
  screenLoaders.set(Screen, load);
  return <Screen />;
}

/** The loader of a screen `page` made (its element's type), if it is one. */
export function screenLoaderOf(type: object): ScreenLoader | undefined {
  return screenLoaders.get(type);
}

/** A loader that sends the shell route on to its main screen with the same query. */
export function redirectKeepingQuery(to: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${to}${new URL(request.url).search}`);
}

/** Route metadata, checked against `RouteHandle` where it is written. */
export const handle = (value: RouteHandle): RouteHandle => value;

/** A screen without the portal's frame: no top bar, menu or footer. */
export const FRAMELESS = { header: false, menu: false, footer: false };
