/**
 * HTML built with Hono's `html` tagged template: every interpolated value is escaped (`& < > " '`)
 * unless it is markup this helper made, so no value can be forgotten. Used by the mails and the
 * sandbox pages. Our templates hold no promises, so the answer is always ready.
 */
import { html } from 'hono/html';
import { escapeToBuffer, type HtmlEscapedString } from 'hono/utils/html';

export type Markup = HtmlEscapedString;

export function markup(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  const out = html(strings, ...values);
  if (out instanceof Promise) throw new Error('markup: a template value was a promise');
  return out;
}

/**
 * One value escaped by Hono's escaper, for pages still assembled from strings (the sandbox desks):
 * the same five characters as `markup`, one implementation.
 */
export function escapeHtml(text: string): string {
  const buffer: [string] = [''];
  escapeToBuffer(text, buffer);
  return buffer[0];
}
