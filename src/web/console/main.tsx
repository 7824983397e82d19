/**
 * The operator console's entry (issue 31): a build of its own (vite.console.config.ts), never part
 * of the customers' PWA. React, antd-mobile, the TanStack hash router, i18next in zh and en.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { installAntdRenderer } from '@web/lib/antd-react19';
import 'antd-mobile/es/global';
import { whenSignedOut } from './api';
import { i18n } from './i18n';
import { createConsoleRouter, forgetOperator, to } from './router';
import './console.css';

// antd-mobile's imperative parts (Toast, Dialog) render with React 19's root API.
installAntdRenderer();

const router = createConsoleRouter();
whenSignedOut(() => {
  forgetOperator();
  void router.navigate({ to: to('/') });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  </StrictMode>,
);
