/**
 * Providers around the router: jotai (the app's one store), i18next, and antd-mobile's locale
 * following the UI language. TanStack Query is provided by the signed-in layout (AuthedLayout),
 * so the sign-in page does not carry it.
 */
import { RouterProvider } from '@tanstack/react-router';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { i18n as I18n } from 'i18next';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { langOf } from './lib/i18n';
import { appStore } from './lib/session';
import type { AppRouter } from './router';

function LocalisedRouter({ router }: { router: AppRouter }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={langOf(i18n.language) === 'en' ? enUS : zhCN}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}

export interface AppProps {
  router: AppRouter;
  i18n: I18n;
}

export function App({ router, i18n }: AppProps) {
  return (
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <LocalisedRouter router={router} />
      </I18nextProvider>
    </JotaiProvider>
  );
}
