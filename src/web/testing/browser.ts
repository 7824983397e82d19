/**
 * Browser actions for tests: the window width the media queries read, the downloads a page starts
 * (jsdom has neither), and typing into a field. Light on purpose (no app, no router), so widget
 * tests can use it.
 */
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

/** jsdom's window width, which the phone/wide media queries read. */
export function setWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

/**
 * Catches the files a page saves (lib/save-file.ts): object URLs are stubbed and each download
 * link clicked is collected, with its `download` name, instead of being followed.
 */
export function catchDownloads(objectUrl = 'blob:download'): HTMLAnchorElement[] {
  const clicked: HTMLAnchorElement[] = [];
  URL.createObjectURL = vi.fn(() => objectUrl);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return clicked;
}

/** Types `value` into the field with this test id, as one change event (what React listens to). */
export function typeInto(testId: string, value: string): void {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}
