import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('structured logs', () => {
  it('writes JSON lines and replaces secret-looking fields', () => {
    const lines: string[] = [];
    const log = createLogger('info', (l) => lines.push(l));
    log.info('signin', {
      email: 'a@example.com',
      password: 'hunter22',
      code: '123456',
      status: 200,
      nested: { refresh_token: 'abc', captchaAnswer: '42' },
      authorization: 'Bearer xyz',
    });
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', msg: 'signin', email: 'a@example.com', status: 200 });
    expect(entry.password).toBe('[redacted]');
    expect(entry.code).toBe('[redacted]');
    expect(entry.nested).toEqual({ refresh_token: '[redacted]', captchaAnswer: '[redacted]' });
    expect(lines[0]).not.toMatch(/hunter22|123456|xyz|abc/);
  });

  it('keeps numeric answer codes and honours the level', () => {
    const lines: string[] = [];
    const log = createLogger('warn', (l) => lines.push(l));
    log.info('ignored');
    log.warn('kept', { code: 429 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).code).toBe(429);
  });
});
