/**
 * Server-side translation of message keys (`namespace:path.to.key`) from locales/<lang>/*.json, the
 * same files and the same `{{name}}` interpolation the PWA uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Negotiator from 'negotiator';
import type { MessageParams } from './errors';

export type Lang = 'zh-CN' | 'en';
export const DEFAULT_LANG: Lang = 'zh-CN';

type Tree = { [key: string]: string | Tree };
const catalogues = new Map<Lang, Map<string, Tree>>();

function load(lang: Lang): Map<string, Tree> {
  const cached = catalogues.get(lang);
  if (cached) return cached;
  const dir = join(process.cwd(), 'locales', lang);
  const namespaces = new Map<string, Tree>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    namespaces.set(file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree);
  }
  catalogues.set(lang, namespaces);
  return namespaces;
}

function lookup(lang: Lang, key: string): string | undefined {
  const colon = key.indexOf(':');
  if (colon < 0) return undefined;
  let node: string | Tree | undefined = load(lang).get(key.slice(0, colon));
  for (const part of key.slice(colon + 1).split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(DEFAULT_LANG, key) !== undefined;
}

/** Translate a key; an unknown key comes back as itself so a missing string is visible, not silent. */
export function translate(lang: Lang, key: string, params: MessageParams = {}): string {
  const text = lookup(lang, key) ?? lookup(DEFAULT_LANG, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * The tags offered to `Accept-Language` negotiation (RFC 9110 §12.5.4, with q-values): bare `zh`
 * stands for zh-CN so `zh-TW` or `zh-HK` still prefer Chinese to a lower-ranked English.
 */
const OFFERED = ['zh-CN', 'en', 'zh'] as const;

/** The customer's language from `Accept-Language`; no header, garbage or no match: Chinese, the default. */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...OFFERED]);
  return best === 'en' ? 'en' : DEFAULT_LANG;
}
