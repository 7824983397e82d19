/**
 * Whether a configured secret is strong enough for production (issue 13 §3): at least 16
 * characters, and at least 64 bits by the Shannon estimate of its own characters (length × the
 * entropy of their frequencies). Sixteen `a` is 0 bits, `abab…` 16; a random 16-character
 * alphanumeric or hex string is about 64. It cannot see a dictionary word, so it catches only the
 * careless cases — which is what a start-up check is for.
 */
export const SECRET_MIN_LENGTH = 16;
export const SECRET_MIN_BITS = 64;

export function estimatedBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** Why `secret` (named `name` in the message) is too weak, or null. Never quotes the secret. */
export function weakSecretProblem(name: string, secret: string): string | null {
  if ([...secret].length < SECRET_MIN_LENGTH)
    return `${name} must be at least ${SECRET_MIN_LENGTH} characters`;
  if (estimatedBits(secret) < SECRET_MIN_BITS)
    return `${name} is too easy to guess (too few different characters for its length)`;
  return null;
}
