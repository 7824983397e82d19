/**
 * House accounts and their shards. A house account is stored as HOUSE_SHARDS rows (`<code>#0` …
 * `<code>#15`, ids `house:<code>#<n>`) and each leg of a movement takes one at random (the database
 * function `ledger_post` picks it, migration 0010): every WeChat payment credits
 * `clearing:wechat:CNY`, and one row would make all of them wait for each other's row lock until
 * commit (measured: 131 confirmations/s on PostgreSQL with one row). The account's balance is the
 * sum of its shards; each shard still equals the sum of its own entries.
 */
import type { HouseRef } from './movement';

type HouseKind = HouseRef['house']['kind'];

/** Kept equal to the `16` in `ledger_post` (a ledger test checks the shards it makes). */
export const HOUSE_SHARDS = 16;

/** `clearing:wechat:CNY#7` -> the house account it is a shard of. */
export function houseFromShardCode(shardCode: string): HouseRef['house'] {
  const [kind, name, currency] = shardCode.replace(/#\d+$/, '').split(':') as [HouseKind, string, string];
  return { kind, name, currency };
}
