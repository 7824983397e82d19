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

  it('keeps counts, exit codes and sizes, and words that only contain a secret word', () => {
    const lines: string[] = [];
    const log = createLogger('info', (l) => lines.push(l));
    log.info('facts', {
      exitCode: 1,
      code: null,
      statusCode: 503,
      tokensPurged: 12,
      passwordResets: 3,
      codeAttempts: 2,
      hasToken: true,
      expand: 'all',
      company: 'Acme',
      postcode: '94105',
      encoded: 'utf8',
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      exitCode: 1,
      code: null,
      statusCode: 503,
      tokensPurged: 12,
      passwordResets: 3,
      codeAttempts: 2,
      hasToken: true,
      expand: 'all',
      company: 'Acme',
      postcode: '94105',
      encoded: 'utf8',
    });
  });

  it('redacts every secret written as a string, and card secrets even as numbers', () => {
    const lines: string[] = [];
    const log = createLogger('info', (l) => lines.push(l));
    log.info('secrets', {
      accessToken: 'tok-1',
      refresh_tokens: ['tok-2'],
      'x-api-secret': 'sec-3',
      newPassword: 'pw-4',
      otp: '556677',
      pan: 4111111111111111,
      cvv: 123,
      cardNumber: '4111111111111111',
      card_no: '4000000000000002',
      pin: 1234,
      mailCode: '998877',
    });
    const entry = JSON.parse(lines[0]!);
    for (const key of Object.keys(entry).filter((k) => !['time', 'level', 'msg'].includes(k)))
      expect(entry[key], key).toBe('[redacted]');
    expect(lines[0]).not.toMatch(/tok-|sec-3|pw-4|556677|4111|4000|1234|998877|"cvv":123/);
  });
});
