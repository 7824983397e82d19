import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../testing/test-db';
import { openTestDatabase, testDbKind } from '../testing/test-db';
import { quoteLiteral, rowsOf } from './client';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => t.dispose());

describe('prepared', () => {
  it('passes every text value through exactly (quotes, backslashes, non-ASCII)', async () => {
    const echo = t.database.prepared<{ v: string; n: number }>(
      'test_echo',
      'select $1::text as v, length($1::text) as n',
    );
    const values = ["it's", "''", 'back\\slash', "\\'; select 1; --", "E'x'", '$1', '卡段 ✓', ''];
    for (const value of values) {
      expect(await echo([value])).toEqual([{ v: value, n: [...value].length }]);
    }
  });

  it('takes several parameters and answers timestamps as Date and no row as []', async () => {
    const read = t.database.prepared<{ at: Date; b: string }>(
      'test_two',
      'select $1::timestamptz as at, $2::text as b where $2::text <> $3::text',
    );
    const at = new Date('2026-11-22T08:00:00.123Z');
    expect(await read([at.toISOString(), 'x', 'y'])).toEqual([{ at, b: 'x' }]);
    expect(await read([at.toISOString(), 'x', 'x'])).toEqual([]);
  });

  it('prepares once when first runs overlap, and gives the same statement for the same name', async () => {
    const text = 'select $1::int * 2 as v';
    const double = t.database.prepared<{ v: number }>('test_double', text);
    expect(t.database.prepared('test_double', text)).toBe(double);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => double([String(n)])));
    expect(results.map((rows) => rows[0]?.v)).toEqual([2, 4, 6, 8, 10]);
  });

  it('refuses another text under a used name, and a name that is not an identifier', () => {
    t.database.prepared('test_once', 'select 1 as v');
    expect(() => t.database.prepared('test_once', 'select 2 as v')).toThrow(/already prepared/);
    expect(() => t.database.prepared('drop table x; --', 'select 1')).toThrow(/Not a statement name/);
  });
});

describe('PGlite', () => {
  // A setting of the embedded database only: on PostgreSQL the operator plans its storage.
  it.skipIf(testDbKind() !== 'pglite')(
    'is planned as storage where a random page costs about what the next one does',
    async () => {
      const [row] = await rowsOf<{ random_page_cost: string }>(t.database.db, sql`show random_page_cost`);
      expect(row?.random_page_cost).toBe('1.1');
    },
  );
});

describe('quoteLiteral', () => {
  it('doubles quotes, uses the E form for backslashes, and refuses NUL', () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(quoteLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(() => quoteLiteral('a\0b')).toThrow(/NUL/);
  });
});
