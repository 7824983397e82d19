// @vitest-environment jsdom
/** The language toggle switches antd-mobile's locale too (App.tsx follows i18next). */
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { useConfig } from 'antd-mobile/es/components/config-provider';
import { describe, expect, it } from 'vitest';
import { App } from './App';
import { i18n, setLang } from './lib/i18n';
import type { AppRouter } from './router';

function AntdLocale() {
  const { locale } = useConfig();
  // The cancel text of antd-mobile's own dialogs and pickers.
  return <p data-testid="antd-cancel">{locale.common.cancel}</p>;
}

describe('antd-mobile locale', () => {
  it('follows the cn/en toggle', async () => {
    const router = createRouter({
      routeTree: createRootRoute({ component: AntdLocale }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    // A stand-in route tree: only the providers of App are under test.
    render(<App router={router as unknown as AppRouter} i18n={i18n} />);
    expect((await screen.findByTestId('antd-cancel')).textContent).toBe('Cancel');
    await act(() => setLang('cn'));
    expect(screen.getByTestId('antd-cancel').textContent).toBe('取消');
    await act(() => setLang('en'));
    expect(screen.getByTestId('antd-cancel').textContent).toBe('Cancel');
  });
});
