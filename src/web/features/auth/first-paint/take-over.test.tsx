// @vitest-environment jsdom
import { createMemoryHistory } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../App';
import { i18n, setLang } from '../../../lib/i18n';
import { createAppRouter } from '../../../router';
import { firstPaintHtml } from './first-paint';
import { firstPaintShown, takeOverFirstPaint, type TakeOverRouter } from './take-over';

let root: Root | undefined;
let host: HTMLElement | undefined;

afterEach(async () => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
  await setLang('en');
});

/** #root as index.html has it, with the static sign-in page. */
function staticRoot(): HTMLElement {
  host = document.createElement('div');
  host.id = 'root';
  host.innerHTML = firstPaintHtml();
  document.body.append(host);
  return host;
}

/**
 * What main.tsx's createApp makes, on a memory history. `afterFirstLoad` runs once the first route
 * is resolved, before React has rendered.
 */
function appAt(
  path: string,
  container: HTMLElement,
  afterFirstLoad?: (history: ReturnType<typeof createMemoryHistory>) => void,
) {
  return () => {
    const history = createMemoryHistory({ initialEntries: [path] });
    const router = createAppRouter(history);
    const load = router.load.bind(router);
    let first = true;
    router.load = async (...args: Parameters<typeof load>) => {
      await load(...args);
      if (first) afterFirstLoad?.(history);
      first = false;
    };
    root = createRoot(container);
    return {
      router,
      root,
      app: (
        <StrictMode>
          <App router={router} i18n={i18n} />
        </StrictMode>
      ),
    };
  };
}

/** A stand-in for the router, recording the steps. */
function fakeRouter(steps: string[], load: () => Promise<void>): TakeOverRouter {
  return {
    load: () => {
      steps.push('load');
      return load();
    },
    updateLatestLocation: () => undefined,
    latestLocation: { href: '/' },
    state: { resolvedLocation: { href: '/' } },
  };
}

describe('React taking over from the static sign-in page', () => {
  it('replaces it with the real page in one commit, never leaving #root empty', async () => {
    const container = staticRoot();
    // What #root holds after every change React makes.
    const states: string[] = [];
    const observer = new MutationObserver(() => {
      const pages = [...container.children].map((child) =>
        child.classList.contains('cp-first-paint')
          ? 'static'
          : child.querySelector('form')
            ? 'form'
            : 'other',
      );
      states.push(pages.join(',') || 'empty');
    });
    observer.observe(container, { childList: true });

    await act(() => takeOverFirstPaint(appAt('/', container)));
    await screen.findByTestId('password-sign-in');
    observer.disconnect();

    expect(states[0]).toBe('form');
    expect(states).not.toContain('empty');
    expect(container.querySelectorAll('.cp-first-paint')).toHaveLength(0);
    expect(container.querySelectorAll('.cp-auth')).toHaveLength(1);
  });

  it('follows a change of address made while React was rendering', async () => {
    const container = staticRoot();
    // The address changes after the route was resolved, before the router listens.
    await act(() => takeOverFirstPaint(appAt('/', container, (history) => history.push('/signup'))));
    expect(await screen.findByTestId('signup-email')).toBeTruthy();
    expect(screen.queryByTestId('password-sign-in')).toBeNull();
  });

  it('sets the app up, resolves the route, then renders — each in a task of its own', async () => {
    const steps: string[] = [];
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    await takeOverFirstPaint(() => {
      steps.push('create');
      return {
        router: fakeRouter(steps, async () => undefined),
        root: { render: (_: ReactNode) => steps.push('render') },
        app: null,
      };
    });
    expect(steps).toEqual(['create', 'load', 'render']);
    expect(timeout.mock.calls.filter(([, delay]) => delay === 0)).toHaveLength(3);
    timeout.mockRestore();
  });

  it('still renders when the route fails to load (the router shows its error)', async () => {
    const render = vi.fn();
    await takeOverFirstPaint(() => ({
      router: fakeRouter([], () => Promise.reject(new Error('chunk failed'))),
      root: { render },
      app: null,
    }));
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('knows whether the static page is on screen', () => {
    const html = document.createElement('html');
    expect(firstPaintShown(html)).toBe(false);
    html.setAttribute('data-first-paint', 'cn');
    expect(firstPaintShown(html)).toBe(true);
  });
});
