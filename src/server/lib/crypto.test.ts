import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newToken, randomDigits, SecretBox } from './crypto';

describe('SecretBox', () => {
  const box = SecretBox.fromBase64(Buffer.alloc(32, 7).toString('base64'));

  it('seals so the stored text does not contain the secret, and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other!').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('keyed hashes depend on purpose and key', () => {
    const other = SecretBox.fromBase64(Buffer.alloc(32, 8).toString('base64'));
    expect(box.hmac('a', '123456')).toBe(box.hmac('a', '123456'));
    expect(box.hmac('a', '123456')).not.toBe(box.hmac('b', '123456'));
    expect(box.hmac('a', '123456')).not.toBe(other.hmac('a', '123456'));
  });

  it('demo mode keeps its key in a file only the owner can read, reused on restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'box-'));
    const first = SecretBox.fromDataDir(dir);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(SecretBox.fromDataDir(dir).open(first.seal('x'))).toBe('x');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => SecretBox.fromBase64(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('random values', () => {
  it('tokens carry 256 bits and digits are digits', () => {
    expect(Buffer.from(newToken(), 'base64url')).toHaveLength(32);
    expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });
});
