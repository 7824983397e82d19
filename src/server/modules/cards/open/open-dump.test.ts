import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestApp } from '../../../testing/file-app';
import { cardsOf, funded, openCard, openCardBatch } from '../../../testing/card-kit';
import { openCardSecrets } from './store-card';

const t = fileTestApp();

async function rowsOf(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await t.ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

describe('a database dump after openings', () => {
  it('holds no full card number anywhere, and no CVV or PIN beside its card', async () => {
    const me = await funded(t, { usd: 100_000 });
    const one = await openCard(t, me.token, { expectTotal: 1_110 });
    expect(one.body.code).toBe(200);
    const batch = await openCardBatch(t, me.token, { count: 5, expectTotal: 5_550 });
    expect(batch.body.code).toBe(200);

    const opened = await cardsOf(t, me.accountId);
    expect(opened).toHaveLength(6);
    const secrets = opened.map((card) => ({ card, ...openCardSecrets(t.ctx, card.secrets) }));

    // Every row of every table of the application, as JSON text.
    const tables = await rowsOf(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const dump: string[] = [];
    for (const { tablename } of tables) {
      const rows = await rowsOf(sql.raw(`select row_to_json(t)::text as j from "${String(tablename)}" t`));
      for (const row of rows) dump.push(String(row.j));
    }
    // The dump did reach the cards: each card's row is there, with its last four digits.
    for (const { card } of secrets)
      expect(dump.some((row) => row.includes(card.id) && row.includes(`"last4":"${card.last4}"`))).toBe(true);

    for (const { card, pan, cvv, pin } of secrets) {
      expect(dump.filter((row) => row.includes(pan))).toEqual([]);
      const namesCard = (row: string) =>
        row.includes(card.id) || row.includes(card.serial) || row.includes(card.issuerRef);
      // A CVV or PIN as a value of its own (a JSON string) in any row that names the card.
      expect(dump.filter((row) => namesCard(row) && row.includes(`"${cvv}"`))).toEqual([]);
      expect(dump.filter((row) => namesCard(row) && row.includes(`"${pin}"`))).toEqual([]);
    }
    expect(dump.filter((row) => /"(pan|cvv|pin|cardNumber)"\s*:/i.test(row))).toEqual([]);
  });
});
