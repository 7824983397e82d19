/**
 * The error catalogue of spec §8 as a pure function: which message the user sees for an answer
 * code. Kept free of side effects so it can be tested row by row; http.ts decides what else
 * happens (toast, forced sign-in).
 */

export type Translate = (key: string) => string;

/** Codes after which the session is over and the user must sign in again (spec §8). */
export const SESSION_END_CODES: ReadonlySet<number> = new Set([401, 403, 600, 610]);

/** A step the caller handles itself (captcha, Google Authenticator): never toasted. */
export const NEED_STEP_CODE = 428;

/** Pseudo code for "no response at all" (network down, CORS, aborted): spec §8's last line. */
export const NO_RESPONSE_CODE = 0;

/** Gateway-style 500 texts that mean nothing to a customer. */
const OPAQUE_500 = ['I/O error', 'no instances available'];

/**
 * The text to show for a non-200 answer, or null when nothing is to be shown.
 *
 * @param msg  the server's `msg` (already in the user's language)
 * @param path the request path, appended to the "Error requesting address." text
 */
export function catalogueMessage(code: number, msg: string, path: string, t: Translate): string | null {
  const text = msg.trim();
  switch (true) {
    case code === 200:
    case code === NEED_STEP_CODE:
      return null;
    case code === NO_RESPONSE_CODE:
    case code === 404:
      return withPath(t('common:catalogue.404'), path);
    case code === 400:
      return t('common:catalogue.400');
    case SESSION_END_CODES.has(code):
      return t('common:catalogue.401');
    case code === 408:
      return t('common:catalogue.408');
    case code === 500:
      return text === '' || OPAQUE_500.some((s) => text.includes(s)) ? t('common:catalogue.500') : text;
    case code >= 501 && code <= 504:
      return t('common:catalogue.501');
    case code === 505:
      return t('common:catalogue.505');
    default:
      // 4030 (no permission), 409, 422, 423, 429 ...: the server's own message.
      return text === '' ? null : text;
  }
}

function withPath(text: string, path: string): string {
  return path ? `${text} ${path}` : text;
}

const IDENTITY_LEVELS: readonly string[] = ['individual', 'business'];

/**
 * The verification level a refusal asks for (a 422 whose `data.identityLevel` names it:
 * api-conventions.md), or null when the refusal is about something else.
 */
export function identityLevelNeeded(code: number, data: unknown): 'individual' | 'business' | null {
  if (code !== 422 || !data || typeof data !== 'object') return null;
  const level = (data as { identityLevel?: unknown }).identityLevel;
  return typeof level === 'string' && IDENTITY_LEVELS.includes(level)
    ? (level as 'individual' | 'business')
    : null;
}
