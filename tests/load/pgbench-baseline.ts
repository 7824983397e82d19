/**
 * The money path's baseline (issue 19 §1): pgbench runs the minimal transaction a confirmed top-up
 * must do — claim an idempotency key (insert), debit one of 16 house balance rows (the ledger shards
 * its house accounts the same way), credit the customer's wallet row, insert the two entries,
 * commit — with as many connections as the server's pool, on a scratch database of the same
 * PostgreSQL server. The portal's confirmations are then reported as a share of its throughput,
 * which moves with the host's speed exactly as the portal's figure does.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { scratchDatabase } from './scratch-database';

const SCHEMA = `
  CREATE TABLE baseline_keys (key text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE baseline_balances (id integer PRIMARY KEY, balance bigint NOT NULL);
  CREATE TABLE baseline_entries (
    id bigserial PRIMARY KEY, account_id integer NOT NULL, amount bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  INSERT INTO baseline_balances SELECT -s, 0 FROM generate_series(1, 16) s;
  INSERT INTO baseline_balances SELECT w, 0 FROM generate_series(1, 100) w;
`;

const SCRIPT = `\\set shard random(1, 16)
\\set wallet random(1, :wallets)
BEGIN;
INSERT INTO baseline_keys (key) VALUES (gen_random_uuid()::text);
UPDATE baseline_balances SET balance = balance - 100 WHERE id = -:shard;
UPDATE baseline_balances SET balance = balance + 100 WHERE id = :wallet;
INSERT INTO baseline_entries (account_id, amount) VALUES (:wallet, 100), (-:shard, -100);
END;
`;

/** Transactions per second of the minimal confirmation, over `wallets` customers; null without PostgreSQL or pgbench. */
export async function pgbenchBaseline(options: {
  clients: number;
  seconds: number;
  wallets: 1 | 100;
}): Promise<number | null> {
  const scratch = await scratchDatabase('pgbench');
  if (!scratch) return null;
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(SCHEMA);
    await client.end();
    mkdirSync('.tmp', { recursive: true });
    writeFileSync('.tmp/pgbench-confirmation.sql', SCRIPT);
    const run = spawnSync(
      'pgbench',
      [
        '--no-vacuum',
        `--client=${options.clients}`,
        '--jobs=1',
        `--time=${options.seconds}`,
        `--define=wallets=${options.wallets}`,
        '--file=.tmp/pgbench-confirmation.sql',
        scratch.url,
      ],
      { encoding: 'utf8' },
    );
    if (run.error || run.status !== 0) {
      process.stdout.write(`pgbench failed: ${run.error?.message ?? run.stderr}\n`);
      return null;
    }
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    return tps ? Number(tps) : null;
  } finally {
    await scratch.drop();
  }
}
