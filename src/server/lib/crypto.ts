/**
 * Secrets: random ids and tokens, hashes of what we only need to recognise (tokens, codes, answers),
 * and authenticated encryption of what we must read back (Google secrets, later card numbers).
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The server's secret key (32 bytes): seals secrets and keys the hashes of short codes. */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromBase64(value: string): SecretBox {
    const key = Buffer.from(value, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, base64 encoded');
    return new SecretBox(key);
  }

  /** Demo mode: a key file in the data folder, made once with owner-only permissions. */
  static fromDataDir(dataDir: string): SecretBox {
    const file = join(dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    }
    return SecretBox.fromBase64(readFileSync(file, 'utf8').trim());
  }

  /**
   * Keyed hash for short secrets (6-digit codes, captcha answers): without the key, a database dump
   * does not let anyone brute-force them offline.
   */
  hmac(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\u0000${value}`).digest('hex');
  }

  /** AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
