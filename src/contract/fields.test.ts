import { describe, expect, it } from 'vitest';
import { allEndpoints } from './index';
import { email, inviteCode, mailCode, minorAmount, password, withConfirmedPassword } from './fields';

describe('email', () => {
  it.each([
    'a@b.co',
    'first.last+tag@sub.example.com',
    "o'brien@example.org",
    'x_y-z@mail-server.cn',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (value) => {
    expect(email.safeParse(value).success).toBe(true);
  });

  it.each([
    '',
    'plain',
    'a@b',
    'a@@b.com',
    'a b@c.com',
    'a@b.c',
    'a@-b.com',
    'a@b..com',
    `${'x'.repeat(250)}@b.com`,
  ])('refuses %s with the spec message key', (value) => {
    const result = email.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('common:validation.email');
  });

  it('trims and lower-cases so one address is one account', () => {
    expect(email.parse('  Someone@Example.COM ')).toBe('someone@example.com');
  });
});

describe('password and codes', () => {
  it('passwords are 10 to 64 characters', () => {
    expect(password.safeParse('Kx7-pq2zR').success).toBe(false);
    expect(password.safeParse('Kx7-pq2zRw').success).toBe(true);
    expect(password.safeParse('x'.repeat(64)).success).toBe(true);
    expect(password.safeParse('x'.repeat(65)).success).toBe(false);
  });

  it('mail and invitation codes are exactly 6 digits', () => {
    for (const schema of [mailCode, inviteCode]) {
      expect(schema.safeParse('123456').success).toBe(true);
      expect(schema.safeParse('12345').success).toBe(false);
      expect(schema.safeParse('1234567').success).toBe(false);
      expect(schema.safeParse('12a456').success).toBe(false);
    }
  });

  it('a confirmation that differs fails on confirmPassword', () => {
    const schema = withConfirmedPassword({});
    const result = schema.safeParse({ password: 'Kx7-pq2zRw', confirmPassword: 'Kx7-pq2zRW' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'common:validation.passwordMismatch',
    });
    expect(schema.safeParse({ password: 'Kx7-pq2zRw', confirmPassword: 'Kx7-pq2zRw' }).success).toBe(true);
  });
});

describe('endpoint table', () => {
  it('has unique ids and unique method+path pairs under /api/', () => {
    const ids = allEndpoints.map((e) => e.id);
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
    for (const e of allEndpoints) expect(e.path.startsWith('/api/')).toBe(true);
  });

  it('GET endpoints travel as query parameters', () => {
    for (const e of allEndpoints.filter((x) => x.method === 'GET')) expect(e.encoding).toBe('query');
  });
});

describe('calendarDate', () => {
  it('takes real days only', async () => {
    const { calendarDate } = await import('./finance');
    expect(calendarDate.safeParse('2026-02-28').success).toBe(true);
    expect(calendarDate.safeParse('2028-02-29').success).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '20260101', ''])
      expect(calendarDate.safeParse(bad).success).toBe(false);
  });
});

describe('minorAmount, the one money type of requests', () => {
  const amount = minorAmount('common:validation.amount');
  const bound = minorAmount('common:validation.balanceRange', 0);

  it('takes a JSON integer or a string of decimal digits', () => {
    expect(amount.parse(5000)).toBe(5000);
    expect(amount.parse('5000')).toBe(5000);
    expect(amount.parse('0005000')).toBe(5000);
    expect(bound.parse('0')).toBe(0);
  });

  it('refuses every looser spelling a numeric coercion would accept, with the field’s message', () => {
    for (const value of [
      true,
      false,
      [5000],
      '0xC350',
      '1e3',
      ' 12',
      '12 ',
      '',
      null,
      0,
      NaN,
      Infinity,
      2 ** 53,
      '12345678901234567',
    ]) {
      const result = amount.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('common:validation.amount');
    }
    expect(bound.safeParse(-1).success).toBe(false);
  });

  it('says precisely why a fraction of a minor unit or a negative amount is refused (issue 29 item 18)', () => {
    const agentAmount = minorAmount('agent:validation.amount');
    for (const value of ['100.5', 100.5, '600.12', 1.5])
      expect(agentAmount.safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'common:validation.amountFraction',
      );
    for (const value of ['-600', -1, '-0.5'])
      expect(agentAmount.safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'common:validation.amountNegative',
      );
    expect(agentAmount.safeParse(0).error?.issues[0]?.message).toBe('agent:validation.amount');
  });
});
