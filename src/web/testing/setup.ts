/**
 * Set-up for the PWA's unit tests (jsdom). jsdom lacks a few browser APIs that antd-mobile and our
 * components touch; the stubs below are the smallest that behave plausibly. Safe to load twice
 * (as a configured setup file and by an explicit import).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { imperativeLoadsSettled } from '../lib/antd-imperative';
import { installAntdRenderer } from '../lib/antd-react19';
import { i18n, loadLang } from '../lib/i18n';

declare global {
  var __cardPortalTestSetup: boolean | undefined;
}

if (!globalThis.__cardPortalTestSetup) {
  globalThis.__cardPortalTestSetup = true;

  // waitFor and findBy give up after 1 s by default. A screen that loads a lazy chunk (a dialog, a
  // sheet) took longer than that with the two cores busy (CI runs two test files at a time, beside
  // whatever else the machine does), and failed tests whose behaviour was right. What they wait for
  // still has to appear; only the patience is longer.
  configure({ asyncUtilTimeout: 5_000 });

  class NoopObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', NoopObserver);
  vi.stubGlobal('ResizeObserver', NoopObserver);

  // Evaluates simple width queries against window.innerWidth, so tests can pick phone or desktop
  // layouts by setting innerWidth before rendering.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const width = window.innerWidth;
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });

  // jsdom has no canvas; antd-mobile and captcha code only probe it.
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    value: () => null,
  });

  // The router restores scroll positions; jsdom does not implement scrolling.
  window.scrollTo = () => {};

  installAntdRenderer();

  // Tests read the English texts (the spec's messages are quoted in English); a test about the
  // Chinese default switches explicitly.
  // The app loads only the stored language's start texts (lib/i18n.ts); tests switch freely, so
  // both are in from the start.
  beforeEach(async () => {
    await Promise.all([loadLang('cn'), loadLang('en')]);
    await i18n.changeLanguage('en');
  });

  afterEach(async () => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    // A toast or dialog asked for as a test ended loads lazily; once the file's last test is done
    // jsdom is torn down, and a load still under way then fails the whole run.
    await imperativeLoadsSettled();
  });
}
