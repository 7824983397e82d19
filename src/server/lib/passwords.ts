/** Password hashing: argon2id (OWASP's 19 MiB, t=2, p=1 by default; tests lower the memory). */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export function hashPassword(password: string, memoryKib: number): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: memoryKib, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
