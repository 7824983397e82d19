/**
 * The US bank account customers send USD transfers to (`topup/usbank`). These are the demo values,
 * kept in this one place and plainly fictitious (zero routing number, "DEMO" everywhere), so no
 * real money is ever sent to them by mistake; a production deployment replaces this module's
 * constant with its own account.
 */
import { createHash } from 'node:crypto';
import { USD_TRANSFER_MIN } from '../../../contract/topup-rules';

export const RECEIVING_ACCOUNT = {
  beneficiary: 'CARD PORTAL DEMO LTD (SANDBOX - DO NOT PAY)',
  bankName: 'Example Demo Bank, N.A. (fictitious)',
  bankAddress: '0 Example Plaza, Demo City, XX 00000, USA',
  accountNumber: '000000000000',
  routingNumber: '000000000',
  swift: 'DEMOUS00XXX',
} as const;

/** Crockford base32: no I, L, O, U, so a reference read over the phone is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The memo reference of an account: `CP` and 8 characters derived from the account id (40 bits of
 * its SHA-256). Stable, so the customer can reuse it for every transfer, and it does not reveal
 * the id itself.
 */
export function transferReference(accountId: string): string {
  const digest = createHash('sha256').update(`usd-transfer:${accountId}`).digest();
  let code = '';
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < 8) {
      bits -= 5;
      code += ALPHABET[(value >> bits) & 31];
    }
    if (code.length === 8) break;
    value &= (1 << bits) - 1;
  }
  return `CP${code}`;
}

export function receivingAccountFor(accountId: string) {
  return { ...RECEIVING_ACCOUNT, reference: transferReference(accountId), minAmount: USD_TRANSFER_MIN };
}
