/**
 * One sign-in address, one user (docs/decisions.md "Sub-accounts and roles"): main accounts and team
 * members share the table `sign_in_addresses`, whose primary key is the lower-cased address and
 * which triggers fill in the transaction of every insert or address change of either. Every path
 * that gives an address — sign-up, an e-mail change, inviting a member — asks here first and maps
 * the constraint's refusal here, so all of them refuse a taken address the same way: 409
 * `errors.emailTaken`. The constraint decides races; the check only spares a code or a mail.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { signInAddresses } from '../db/schema';
import type { AppError } from './errors';
import { fail } from './errors';

export function addressTakenError(): AppError {
  return fail.conflict('server:errors.emailTaken');
}

/** Whether a main account or a member, of any status, signs in with the address. */
export async function addressTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(eq(signInAddresses.address, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/** 409 when the address is taken. */
export async function assertAddressFree(db: Executor, email: string): Promise<void> {
  if (await addressTaken(db, email)) throw addressTakenError();
}

/**
 * After a write that failed: a unique violation while the address is now taken was the address's
 * constraint (someone took it meanwhile) and becomes the same 409; anything else is the caller's.
 */
export async function isAddressClash(db: Executor, email: string, error: unknown): Promise<boolean> {
  return isUniqueViolation(error) && (await addressTaken(db, email));
}
