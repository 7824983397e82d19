/**
 * Server-side sanitising of notice bodies (HTML) with DOMPurify on a jsdom window. The PWA sanitises
 * again with DOMPurify before showing a body; this is the stored copy's line of defence.
 *
 * Allowed: basic formatting and lists, simple tables, links with https: or mailto: targets (rel
 * noopener noreferrer; https links open in a new tab), images with https: or data:image (png, jpeg,
 * gif, webp) sources, and inline styles limited to a few text properties with plain values. Everything
 * else goes: scripts, event handlers, javascript:/data: links, iframes, objects, forms, SVG and MathML,
 * <style> elements and any style value with url(), expression() or CSS escapes.
 *
 * jsdom and DOMPurify are loaded on the first call only, so the server's start-up memory does not grow
 * for them (bodies are only sanitised when a notice is stored).
 */
import { createRequire } from 'node:module';
import type { Config, DOMPurify, WindowLike } from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'span',
  'div',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'style', 'colspan', 'rowspan'];

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // DOMPurify tests every attribute value outside its URI-safe list against this: DOMPurify's default
  // with https: and mailto: as the only schemes (scheme-less values such as width="100" pass). The hook
  // below then allows only absolute https:/mailto: hrefs and https:/raster data: image sources.
  ALLOWED_URI_REGEXP: /^(?:(?:https|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const SAFE_HREF = /^(?:https:\/\/[^\s]+|mailto:[^\s]+)$/i;
const SAFE_SRC = /^(?:https:\/\/[^\s]+|data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+)$/i;

/**
 * Inline style: these properties only; a value is words, numbers, #hex, % and rgb()/rgba() of numbers.
 * No other function (url(), expression(), var()), no quotes, no backslash escapes, no comments.
 */
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'text-decoration',
  'text-align',
]);
const STYLE_VALUE = /^(?:[#a-z0-9%., -]|\brgba?\([0-9., %]+\))+$/i;

export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || value === '' || !STYLE_VALUE.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

interface JsdomModule {
  JSDOM: new (html: string) => { window: WindowLike };
}

interface Purifier {
  purify: DOMPurify;
}

let purifier: Promise<Purifier> | undefined;

async function createPurifier(): Promise<Purifier> {
  // jsdom ships no type declarations; require() it and name the one constructor we use.
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule;
  const { default: createDOMPurify } = await import('dompurify');
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      const href = node.getAttribute('href')?.trim() ?? '';
      if (!SAFE_HREF.test(href)) node.removeAttribute('href');
      node.setAttribute('rel', 'noopener noreferrer');
      if (/^https:/i.test(href)) node.setAttribute('target', '_blank');
    }
    if (tag === 'img') {
      const src = node.getAttribute('src')?.trim() ?? '';
      if (!SAFE_SRC.test(src)) node.removeAttribute('src');
    }
    const style = node.getAttribute('style');
    if (style !== null) {
      const cleaned = cleanStyle(style);
      if (cleaned) node.setAttribute('style', cleaned);
      else node.removeAttribute('style');
    }
  });
  return { purify };
}

/** Sanitise a notice body. The first call loads jsdom and DOMPurify. */
export async function sanitizeNoticeHtml(html: string): Promise<string> {
  purifier ??= createPurifier().catch((error: unknown) => {
    purifier = undefined; // try again on the next call
    throw error;
  });
  const { purify } = await purifier;
  return purify.sanitize(html, CONFIG).trim();
}
