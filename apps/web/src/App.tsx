import { NOTIFICATION_DURATION_MS, TOAST_DURATION_MS } from '@steelport/contracts';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useToken } from 'antd/es/theme/internal';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
// react-router/dom's provider, not react-router's: only it honours a navigation's `flushSync`
// (lib/urlSearch.ts), which the other ignores without a word in production.
import { RouterProvider } from 'react-router/dom';
import { configureApiClient } from './api/client.ts';
import { loadSiteConfig } from './api/common.ts';
import { FeedbackHost } from './components/FeedbackHost.tsx';
import { useAntdLocale } from './i18n/language.ts';
import { LanguageSync } from './layout/LanguageSwitch.tsx';
import { loginSiteHref } from './layout/links.ts';
import { classNames } from './lib/classNames.ts';
import { useFeedback } from './lib/feedback.ts';
import type { AppRouter } from './router.tsx';

/** Steel blue on white, compact radii: the look of a dense Chinese trade portal. */
const theme: ThemeConfig = {
  // antd's component styles come from its own stylesheet (antd/dist/antd.css, imported by
  // main.tsx) instead of being generated in the browser on every render: that generation was
  // about a third of a first visit's main-thread time. The stylesheet reads the tokens through
  // CSS variables, which antd still sets from the tokens below, so the theme is unchanged
  // (screens compared pixel for pixel at 1350 and 390 px).
  zeroRuntime: true,
  token: {
    colorPrimary: '#1f4e8c',
    colorLink: '#1f4e8c',
    colorInfo: '#1f4e8c',
    borderRadius: 2,
    fontSize: 13,
    // Form hints, list and empty descriptions: antd's 45% black reads at 3.4:1; this grey at
    // 5.4:1 (WCAG AA asks 4.5:1). The same grey as the portal's meta text (--sp-muted).
    colorTextDescription: '#5f6b7a',
    // Placeholders (a select's is a real element, checked like any text): 4.6:1 instead of 1.8:1.
    colorTextPlaceholder: '#757575',
    // Danger buttons and validation messages: antd's #ff4d4f reads at 3.3:1 on white; this red at
    // 5.9:1.
    colorError: '#c0262d',
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Helvetica Neue", Arial, sans-serif',
  },
};

/**
 * Lets the API client toast through antd's message (lib/feedback.ts: theme and locale aware),
 * and offer the login site, with a way back to this page, when a call needs a login (code 4).
 */
function ApiToastBridge() {
  const { message } = useFeedback();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Keyed by text: parallel calls failing the same way show one toast, not a stack.
    const show = (content: ReactNode, key: string) =>
      message.error({ content, key, duration: TOAST_DURATION_MS / 1000 });
    configureApiClient({
      toast: (text) => show(text, text),
      onLoginRequired: (text) => {
        // Read when needed (usually cached by the header): no screen pays for it in advance.
        void loadSiteConfig(queryClient).then((site) =>
          show(
            <span>
              {text} <a href={loginSiteHref(site.loginSiteUrl, window.location.href)}>{t('api.toLogin')}</a>
            </span>,
            text,
          ),
        );
      },
    });
  }, [message, queryClient, t]);
  return null;
}

/**
 * The element antd's App would render around the portal: its class gives the page antd's base
 * text (colour, size, line height, font) and the theme's CSS variables (`css-var-*`). antd's App
 * itself, with its message, notification and modal, loads when first needed (FeedbackHost).
 */
function AppRoot({ children }: { children: ReactNode }) {
  const [, , hashId, , cssVar] = useToken();
  return <div className={classNames(hashId, 'ant-app', cssVar?.key)}>{children}</div>;
}

/** Providers around the router: antd theme and locale, the app root, TanStack Query. */
export function AppProviders({
  queryClient,
  locale,
  children,
}: {
  queryClient: QueryClient;
  /** antd's texts in the page's language (i18n/language.ts loads the English ones when needed). */
  locale: Locale;
  /** the router (the browser's, or the static one of the prerendered frame) */
  children: ReactNode;
}) {
  return (
    <ConfigProvider
      locale={locale}
      theme={theme}
      // antd spaces out two-character Chinese labels (搜 索); portal buttons read as written.
      button={{ autoInsertSpace: false }}
    >
      <AppRoot>
        <QueryClientProvider client={queryClient}>
          <ApiToastBridge />
          {children}
        </QueryClientProvider>
        {/* Notifications stay 4500 ms (docs/portal.md#constants): antd's default, stated so it
            cannot drift. */}
        <FeedbackHost notificationDuration={NOTIFICATION_DURATION_MS / 1000} />
      </AppRoot>
    </ConfigProvider>
  );
}

/** The portal in the browser: the providers around the browser router. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient} locale={useAntdLocale()}>
      <LanguageSync />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
