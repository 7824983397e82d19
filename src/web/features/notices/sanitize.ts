/**
 * Notice bodies are HTML (spec §3). The server sanitised them when they were stored; the browser
 * sanitises again right before showing one, so a body that reached the database some other way
 * still cannot run script here. The rules match the server's (docs/decisions.md "Notices"): basic
 * formatting, lists, simple tables, https:/mailto: links (https ones open in a new tab, always
 * rel="noopener noreferrer"), https: or raster data: images, and a few plain inline text styles.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

const CONFIG: Config = {
  ALLOWED_TAGS: [
    ...['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
    ...['span', 'div', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'hr', 'code', 'pre'],
    ...['a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  ALLOWED_ATTR: ['href', 'title', 'alt', 'src', 'width', 'height', 'style', 'colspan', 'rowspan'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Only https: and mailto: as schemes; the hook below narrows links and images further.
  ALLOWED_URI_REGEXP: /^(?:(?:https|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const SAFE_HREF = /^(?:https:\/\/\S+|mailto:\S+)$/i;
const SAFE_SRC = /^(?:https:\/\/\S+|data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+)$/i;
const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'text-decoration',
  'text-align',
]);
/** Words, numbers, #hex, % and rgb()/rgba() of numbers: no url(), no other function, no escapes. */
const STYLE_VALUE = /^(?:[#a-z0-9%., -]|\brgba?\([0-9., %]+\))+$/i;

function keepSafeStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return '';
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return STYLE_PROPERTIES.has(property) && value !== '' && STYLE_VALUE.test(value)
        ? `${property}: ${value}`
        : '';
    })
    .filter(Boolean)
    .join('; ');
}

let purifier: DOMPurify | null = null;

/** A DOMPurify of our own, so these hooks never change how anything else is sanitised. */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      const href = node.getAttribute('href')?.trim() ?? '';
      if (!SAFE_HREF.test(href)) node.removeAttribute('href');
      node.setAttribute('rel', 'noopener noreferrer');
      if (/^https:/i.test(href)) node.setAttribute('target', '_blank');
    }
    if (tag === 'img' && !SAFE_SRC.test(node.getAttribute('src')?.trim() ?? '')) node.removeAttribute('src');
    const style = node.getAttribute('style');
    if (style !== null) {
      const kept = keepSafeStyle(style);
      if (kept) node.setAttribute('style', kept);
      else node.removeAttribute('style');
    }
  });
  purifier = purify;
  return purify;
}

export function sanitizeNoticeHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG).trim();
}
