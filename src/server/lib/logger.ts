/**
 * Structured JSON logs on stdout. Callers pass plain facts; a field whose key names a secret is
 * replaced before writing, so a careless field never leaks a password, code or token.
 *
 * Keys are read as words (`refresh_token`, `captchaAnswer`, `card-no`), not searched for letters, so
 * `expand`, `company` or `postcode` are not taken for a card number or a code. Counts and exit codes
 * stay readable (issue 28 §6): a number, boolean or null is kept — mailed codes, tokens and passwords
 * are strings — unless the key names a card secret (a PAN, CVV or PIN can be written as a number).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const SECRET_WORDS = new Set([
  'pass',
  'passwd',
  'password',
  'passcode',
  'passphrase',
  'pwd',
  'code',
  'otp',
  'token',
  'secret',
  'authorization',
  'cookie',
  'ticket',
  'answer',
  'cardno',
]);
/** Secrets that may be written as a number. */
const CARD_SECRET_WORDS = new Set(['pan', 'cvv', 'cvc', 'cvv2', 'pin', 'cardno']);

/** `refresh_token` → refresh, token; `captchaAnswer` → captcha, answer; plurals as their singular. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
}

function namesCardSecret(words: string[]): boolean {
  return (
    words.some((w) => CARD_SECRET_WORDS.has(w)) ||
    words.some((w, i) => w === 'card' && (words[i + 1] === 'number' || words[i + 1] === 'no'))
  );
}

function isSecretField(key: string, value: unknown): boolean {
  const words = wordsOf(key);
  if (namesCardSecret(words)) return value !== null && value !== undefined;
  if (!words.some((w) => SECRET_WORDS.has(w))) return false;
  return !(value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean');
}

export type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
}

export function redact(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (isSecretField(key, value)) out[key] = '[redacted]';
    else if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = redact(value as Fields);
    else out[key] = value;
  }
  return out;
}

export function createLogger(
  level: Level | 'silent',
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const at =
    (lvl: Level) =>
    (msg: string, fields: Fields = {}) => {
      if (ORDER[lvl] < ORDER[level]) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...redact(fields) })}\n`);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
