/**
 * The demo issuer: 16-digit Luhn-valid numbers from the segment's BIN, a 3-year expiry, random CVV
 * and PIN. It keeps no state of its own (the portal's database is the record), so it is as
 * stateless as the API: any instance can answer for any card.
 */
import { createHash, randomInt } from 'node:crypto';
import type { IssuedCard, IssuerProvider, IssueRequest } from './issuer-provider';
import { luhnCheckDigit } from '../../lib/luhn';

const PAN_LENGTH = 16;
const VALID_YEARS = 3;

function randomDigits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

export function sandboxPan(bin: string): string {
  const body = bin + randomDigits(PAN_LENGTH - 1 - bin.length);
  return body + luhnCheckDigit(body);
}

export function createSandboxIssuer(options: { eventSecret: string; now: () => Date }): IssuerProvider {
  return {
    kind: 'sandbox',
    eventSecret: options.eventSecret,
    issueCard(request: IssueRequest): Promise<IssuedCard> {
      const now = options.now();
      // Weak PINs (all one digit, runs) are what real issuers refuse to hand out.
      let pin = randomDigits(4);
      while (/^(\d)\1{3}$/.test(pin) || '0123456789'.includes(pin) || '9876543210'.includes(pin))
        pin = randomDigits(4);
      return Promise.resolve({
        issuerRef: `sbx_${createHash('sha256').update(request.requestId).digest('hex').slice(0, 24)}`,
        pan: sandboxPan(request.bin),
        cvv: randomDigits(3),
        pin,
        expiryMonth: now.getUTCMonth() + 1,
        expiryYear: now.getUTCFullYear() + VALID_YEARS,
      });
    },
    cancelCard: () => Promise.resolve(),
    // It keeps no cards, so there is nothing to undo for a request.
    cancelRequest: () => Promise.resolve(),
    setCardState: () => Promise.resolve(),
  };
}
