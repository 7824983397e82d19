/**
 * TRON addresses: base58check of 0x41 + 20 bytes, which always reads as 34 characters starting with
 * `T`. The sandbox makes a fresh random one per USDT order (a real gateway derives it from a wallet).
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_PREFIX = 0x41;

const doubleSha = (bytes: Buffer) =>
  createHash('sha256').update(createHash('sha256').update(bytes).digest()).digest();

export function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export function newTronAddress(): string {
  const body = Buffer.concat([Buffer.from([TRON_PREFIX]), randomBytes(20)]);
  return base58(Buffer.concat([body, doubleSha(body).subarray(0, 4)]));
}

/** Decodes and checks prefix and checksum. */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  let n = 0n;
  for (const char of text) n = n * 58n + BigInt(ALPHABET.indexOf(char));
  const bytes = Buffer.from(n.toString(16).padStart(50, '0'), 'hex');
  if (bytes.length !== 25 || bytes[0] !== TRON_PREFIX) return false;
  return doubleSha(bytes.subarray(0, 21)).subarray(0, 4).equals(bytes.subarray(21));
}
