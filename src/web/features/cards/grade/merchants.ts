/**
 * Merchants customers most often ask about, offered as one-tap suggestions on the scenario query
 * before the segments' own merchant lists have loaded (and beside them afterwards). Brand names,
 * the same in every language.
 */
export const COMMON_MERCHANTS: readonly string[] = [
  'Facebook Ads',
  'Google Ads',
  'TikTok Ads',
  'Amazon',
  'AWS',
  'Shopify',
  'Netflix',
  'Apple',
  'OpenAI',
  'Microsoft Azure',
];

/** At most `limit` suggestions: the segments' merchants first, then the common ones, no repeats. */
export function merchantSuggestions(segmentMerchants: readonly (readonly string[])[], limit = 12): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of [...segmentMerchants.flat(), ...COMMON_MERCHANTS]) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(name.trim());
  }
  return out.slice(0, limit);
}
