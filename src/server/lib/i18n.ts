/**
 * Server-side translation of message keys (`namespace:path.to.key`) from locales/<lang>/*.json, the
 * same files and the same `{{name}}` interpolation the PWA uses, and i18next's plural keys: with a
 * numeric `count`, `key_one` / `key_other` (JSON v4 suffixes, chosen by Intl.PluralRules of the
 * language, as i18next chooses them in the PWA) win over `key` (issue 29 item 18: "1 rows").
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
  return lookup(DEFAULT_LANG, key) !== undefined || lookup(DEFAULT_LANG, `${key}_other`) !== undefined;
}

/** The key's text in `lang`, its plural form for `count` first (i18next's `_one`, `_other`…). */
function textOf(lang: Lang, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(lang).select(count);
    const plural = lookup(lang, `${key}_${form}`) ?? lookup(lang, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(lang, key);
}

/** Translate a key; an unknown key comes back as itself so a missing string is visible, not silent. */
export function translate(lang: Lang, key: string, params: MessageParams = {}): string {
  const text = textOf(lang, key, params.count) ?? textOf(DEFAULT_LANG, key, params.count) ?? key;
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
