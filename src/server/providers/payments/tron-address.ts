/**
 * TRON addresses: base58check of 0x41 + 20 bytes, which always reads as 34 characters starting with
 * `T`. The sandbox makes a fresh random one per USDT order (a real gateway derives it from a wallet).
 * Base58Check is `@scure/base`'s (audited), with `@noble/hashes`' SHA-256.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { randomBytes } from 'node:crypto';

const TRON_PREFIX = 0x41;
const base58check = createBase58check(sha256);

export function newTronAddress(): string {
  const body = new Uint8Array(21);
  body[0] = TRON_PREFIX;
  body.set(randomBytes(20), 1);
  return base58check.encode(body);
}

/** Decodes and checks length, prefix and checksum. */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  try {
    const body = base58check.decode(text);
    return body.length === 21 && body[0] === TRON_PREFIX;
  } catch {
    return false; // checksum or alphabet refused
  }
}
