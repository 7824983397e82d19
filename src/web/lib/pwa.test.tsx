// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner } from '../components/ui/UpdateBanner';
import { i18n, setLang } from './i18n';
import {
  applyUpdate,
  dismissInstall,
  INSTALL_DISMISSED_KEY,
  installDismissedAtom,
  installPromptAtom,
  promptInstall,
  registerServiceWorker,
  startPwa,
  updateReadyAtom,
} from './pwa';
import { appStore } from './session';

/** A stand-in for workbox-window's Workbox that lets a test fire its events. */
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, Array<() => void>>();
  return {
    listeners,
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
    messageSkipWaiting: vi.fn(),
    update: vi.fn(async () => undefined),
    register: vi.fn(async () => ({ scope: '/' })),
  };
});
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    messageSkipWaiting = workbox.messageSkipWaiting;
    update = workbox.update;
    register = workbox.register;
  },
}));

function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  return Object.assign(event, {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
}

const manifestHref = () => document.querySelector('link[rel="manifest"]')?.getAttribute('href');

beforeAll(() => {
  // The shared set-up's matchMedia knows width queries only; here the app runs in a browser tab.
  const widthOnly = window.matchMedia;
  window.matchMedia = (query: string) =>
    query.includes('display-mode') ? { ...widthOnly(query), matches: false } : widthOnly(query);
  startPwa();
});

beforeEach(() => {
  appStore.set(installPromptAtom, null);
  appStore.set(installDismissedAtom, false);
});

describe('manifest language', () => {
  it('links the manifest of the UI language and follows every switch', async () => {
    await setLang('cn');
    expect(manifestHref()).toBe('/manifest.webmanifest');
    await setLang('en');
    expect(manifestHref()).toBe('/manifest.en.webmanifest');
    await i18n.changeLanguage('zh-CN');
    expect(manifestHref()).toBe('/manifest.webmanifest');
    expect(document.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
  });
});

describe('install prompt', () => {
  it("keeps the browser's prompt for the home card instead of its mini-infobar", () => {
    const event = installPromptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(appStore.get(installPromptAtom)).toBe(event);
  });

  it('shows the dialog once; accepting does not count as a dismissal', async () => {
    const event = installPromptEvent('accepted');
    window.dispatchEvent(event);
    await expect(promptInstall()).resolves.toBe('accepted');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(appStore.get(installPromptAtom)).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
    await expect(promptInstall()).resolves.toBe('unavailable');
  });

  it('remembers "Not now" and a dismissed browser dialog in local storage', async () => {
    dismissInstall();
    expect(Number(localStorage.getItem(INSTALL_DISMISSED_KEY))).toBeGreaterThan(0);
    expect(appStore.get(installDismissedAtom)).toBe(true);

    localStorage.clear();
    appStore.set(installDismissedAtom, false);
    window.dispatchEvent(installPromptEvent('dismissed'));
    await promptInstall();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('never offers installation inside the installed app', () => {
    const browserTab = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...browserTab(query), matches: query.includes('standalone') });
    window.dispatchEvent(installPromptEvent('accepted'));
    window.matchMedia = browserTab;
    expect(appStore.get(installPromptAtom)).toBeNull();
  });

  it('forgets the prompt once the app is installed', () => {
    window.dispatchEvent(installPromptEvent('accepted'));
    window.dispatchEvent(new Event('appinstalled'));
    expect(appStore.get(installPromptAtom)).toBeNull();
  });
});

describe('service worker updates', () => {
  it('registers /sw.js, offers the waiting version, and reloads once it controls', async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
    await registerServiceWorker();
    expect(workbox.register).toHaveBeenCalled();
    expect(appStore.get(updateReadyAtom)).toBe(false);

    act(() => workbox.fire('waiting'));
    expect(appStore.get(updateReadyAtom)).toBe(true);
    // The banner mounts itself in its own root, on whatever page is open.
    await waitFor(() => expect(screen.getByTestId('update-banner')).toBeTruthy());

    applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);

    document.getElementById('cp-update-root')?.remove();
  });
});

describe('UpdateBanner', () => {
  it('offers Reload and Later without taking focus', () => {
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(<UpdateBanner onReload={onReload} onLater={onLater} />);
    expect(screen.getByRole('complementary', { name: 'App update' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('A new version is available');
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onLater).toHaveBeenCalledTimes(1);
  });
});
