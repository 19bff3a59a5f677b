/**
 * Entry: finish a carried-over login first (it reloads the page without the query string),
 * then set language (i18n/language.ts), data cache and router up and render.
 */
// antd's styles first, ours after them: at equal specificity the portal's own rules win.
import 'antd/dist/antd.css';
import './styles/global.css';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ApiError, configureApiClient, NETWORK_ERROR_CODE } from './api/client.ts';
import { applyLoginCarryOver } from './auth/carryOver.ts';
import { readItem, removeItem, StorageKey, tabStorage, writeItem } from './auth/storage.ts';
import { initI18n } from './i18n/index.ts';
import { keepLanguageInUrl, languageFromUrl, prepareLanguage, startLanguage } from './i18n/language.ts';
import { prepareCarryOverNotices } from './layout/CarryOverNotice.tsx';
import { createAppRouter, prefetchScreen } from './router.tsx';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A business answer will not change by asking again; only a lost connection is retried.
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE),
        refetchOnWindowFocus: false,
      },
    },
  });
}

async function start(): Promise<void> {
  const { search } = window.location;
  const language = startLanguage({
    search,
    stored: readItem(StorageKey.lang),
    browser: navigator.languages ?? [navigator.language],
  });
  // A page opened as ?lang=en is a choice of English: the next visit opens in it too.
  if (languageFromUrl(search)) writeItem(StorageKey.lang, language);
  initI18n('zh-CN');
  // English texts (ours and antd's) are fetched only for an English session, a carried login's
  // notices only when this tab holds one.
  await Promise.all([prepareLanguage(language), prepareCarryOverNotices()]);

  const queryClient = createQueryClient();
  const router = await createAppRouter(window.location.pathname);
  configureApiClient({
    onSessionExpired: () => {
      void router.navigate('/');
      // Public data fetched with the dead token failed; fetch it again anonymously.
      void queryClient.invalidateQueries();
    },
  });
  keepLanguageInUrl(router);
  prefetchScreen(router, queryClient);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const reactRoot = createRoot(root);
  // A transition renders in slices that yield to the browser every few milliseconds: the first
  // screen (the frame, the page, antd's components) is not one long task that blocks input.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

const reloadTo = applyLoginCarryOver(
  window.location,
  { getItem: readItem, setItem: writeItem, removeItem },
  tabStorage,
);
if (reloadTo === null) void start();
else window.location.replace(reloadTo);
