/**
 * Structured JSON logs on stdout. Callers pass plain facts; anything whose key looks like a secret is
 * replaced before writing, so a careless field never leaks a password, code or token.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const SECRET_KEY_PATTERN = /pass|pwd|code|token|secret|authorization|cookie|ticket|answer|cvv|pan|cardno/i;

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
    // A numeric `code` is an answer code, not a secret; a string one may be a mailed code.
    if (SECRET_KEY_PATTERN.test(key) && !(key === 'code' && typeof value === 'number'))
      out[key] = '[redacted]';
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
