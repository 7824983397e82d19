/**
 * Whether the configured secrets are strong enough for production (issue 13 §3, issue 28 §3;
 * decisions.md "Secrets at start").
 *
 * - The server key (`SECRET_KEY`, 32 bytes) is judged by its bytes: 32 random bytes take about 30
 *   different values, and fewer than KEY_MIN_DISTINCT_BYTES (20) happens to a random key with a
 *   probability near 1.4·10⁻¹⁰; a key that steps by the same amount from byte to byte (all zero,
 *   0, 1, 2…) is refused whatever its count. Cheap, so it runs in every mode.
 * - Every other secret is judged by zxcvbn (the estimator the PWA's meter uses) with the common
 *   dictionaries, keyboard graphs and sequences: `password1234567890` and `qwertyuiopasdfgh` are
 *   guessed in about 10⁴ tries, a random 16-character string needs ~10¹⁶. A secret must be at
 *   least SECRET_MIN_LENGTH characters and need at least 10^SECRET_MIN_GUESSES_LOG10 guesses.
 *   The dictionaries cost 0.1–0.6 s and ~25 MB to load, so they are imported only here, only by the
 *   production check (the estimator built from them is dropped after the check).
 */
export const SECRET_MIN_LENGTH = 16;
/** 10¹² guesses (~40 bits) by zxcvbn's estimate: a dictionary phrase with digits stays far below. */
export const SECRET_MIN_GUESSES_LOG10 = 12;
/** Fewer different byte values than this in the 32-byte server key: refused (see above). */
export const KEY_MIN_DISTINCT_BYTES = 20;

/** Why the server key's bytes are weak, or null. Never quotes the key. */
export function weakKeyProblem(name: string, key: Uint8Array): string | null {
  const distinct = new Set(key).size;
  const step = key.length > 1 ? (key[1]! - key[0]! + 256) % 256 : 0;
  const evenSteps = key.every((byte, i) => i === 0 || (byte - key[i - 1]! + 256) % 256 === step);
  if (evenSteps)
    return `${name} is not random (its bytes repeat one value or count up); make one with \`openssl rand -base64 32\``;
  if (distinct < KEY_MIN_DISTINCT_BYTES)
    return `${name} is not random (only ${distinct} different byte values of ${key.length}); make one with \`openssl rand -base64 32\``;
  return null;
}

export type SecretChecker = (name: string, secret: string) => string | null;

/**
 * Loads the estimator with its dictionaries and answers a checker: why `secret` (named `name` in
 * the message) is too weak, or null. Never quotes the secret.
 */
export async function loadSecretChecker(): Promise<SecretChecker> {
  const [{ ZxcvbnFactory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  const estimator = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  return (name, secret) => {
    if ([...secret].length < SECRET_MIN_LENGTH)
      return `${name} must be at least ${SECRET_MIN_LENGTH} characters`;
    // zxcvbn looks at the first 100 characters only (longer input costs time, not strength).
    if (estimator.check(secret.slice(0, 100)).guessesLog10 < SECRET_MIN_GUESSES_LOG10)
      return `${name} is too easy to guess (a dictionary word, keyboard row, sequence or repeat); use a random value of 16 or more characters`;
    return null;
  };
}
