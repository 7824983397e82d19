/**
 * The key that makes two names "the same name" for uniqueness (card groups, tags): Unicode NFKC
 * folds full-width Latin letters and digits to their ASCII forms (ＡＤＳ → ADS) and compatibility
 * characters to their canonical ones; runs of white space become one space; then lower case. So
 * "Ads", "ADS", "ａｄｓ" and " ads " collide, and Chinese names compare as written.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}
