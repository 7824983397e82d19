/**
 * A plain, accessible HTML body for transactional mails; the text part carries the same words. The
 * document names its language and its title, so screen readers and mail clients read it right.
 * Escaped by Hono's `html` template (lib/markup.ts).
 */
import type { Lang } from './i18n';
import { markup } from './markup';

export function renderMail(subject: string, text: string, lang: Lang): string {
  const paragraphs = text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => markup`<p style="margin:0 0 12px">${line}</p>`);
  return markup`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${subject}</title></head><body style="font-family:system-ui,sans-serif;color:#1a1a2e;padding:24px"><h1 style="margin:0 0 16px;font-size:20px">${subject}</h1>${paragraphs}<p style="color:#888;font-size:12px">Card Portal</p></body></html>`.toString();
}
