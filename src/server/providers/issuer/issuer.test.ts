import { describe, expect, it } from 'vitest';
import { isLuhnValid } from '../../lib/luhn';
import { SIGNATURE_HEADER, signBody, verifySignature } from '../payments/signature';
import { createGatewayIssuer } from './gateway-issuer';
import { createSandboxIssuer, sandboxPan } from './sandbox-issuer';

const SECRET = 'issuer-secret-for-tests';
const request = {
  requestId: 'r1',
  bin: '531993',
  network: 'mastercard' as const,
  currency: 'USD',
  holderName: 'A B',
};

describe('sandbox issuer', () => {
  it('makes 16-digit Luhn-valid numbers from the BIN, a 3-year expiry, CVV and a non-trivial PIN', async () => {
    const issuer = createSandboxIssuer({ eventSecret: SECRET, now: () => new Date('2026-11-22T00:00:00Z') });
    for (let i = 0; i < 20; i++) {
      const card = await issuer.issueCard({ ...request, requestId: `r${i}` });
      expect(card.pan).toMatch(/^531993\d{10}$/);
      expect(isLuhnValid(card.pan)).toBe(true);
      expect(card.cvv).toMatch(/^\d{3}$/);
      expect(card.pin).toMatch(/^\d{4}$/);
      expect(card.pin).not.toMatch(/^(\d)\1{3}$/);
      expect(card).toMatchObject({ expiryMonth: 11, expiryYear: 2029 });
    }
    expect(sandboxPan('485932')).toHaveLength(16);
  });

  it('names the same request with the same issuer reference', async () => {
    const issuer = createSandboxIssuer({ eventSecret: SECRET, now: () => new Date() });
    expect((await issuer.issueCard(request)).issuerRef).toBe((await issuer.issueCard(request)).issuerRef);
  });
});

/** A processor double speaking the documented protocol, answering with `answer` signed by `signWith`. */
function processor(answer: unknown, signWith = SECRET, status = 200) {
  const seen: { url: string; body: string; signatureOk: boolean }[] = [];
  const fetchDouble = (async (url: string, init: RequestInit) => {
    const body = String(init.body);
    const headers = init.headers as Record<string, string>;
    seen.push({ url, body, signatureOk: verifySignature(SECRET, body, headers[SIGNATURE_HEADER]) });
    const text = JSON.stringify(answer);
    return new Response(text, { status, headers: { [SIGNATURE_HEADER]: signBody(signWith, text) } });
  }) as unknown as typeof fetch;
  return { fetchDouble, seen };
}

describe('gateway issuer', () => {
  const card = {
    issuerRef: 'ref-1',
    pan: '5319930000000003',
    cvv: '123',
    pin: '4821',
    expiryMonth: 5,
    expiryYear: 2029,
  };

  it('signs its requests and accepts a signed answer', async () => {
    const { fetchDouble, seen } = processor(card);
    const issuer = createGatewayIssuer({
      baseUrl: 'https://issuer.test/v1/',
      secret: SECRET,
      fetch: fetchDouble,
    });
    expect(await issuer.issueCard(request)).toEqual(card);
    await issuer.setCardState('ref-1', 'frozen');
    expect(seen.map((s) => s.url)).toEqual([
      'https://issuer.test/v1/cards',
      'https://issuer.test/v1/cards/state',
    ]);
    expect(seen.every((s) => s.signatureOk)).toBe(true);
  });

  it('refuses an answer with a bad signature without repeating the card number', async () => {
    const { fetchDouble } = processor(card, 'someone-else');
    const issuer = createGatewayIssuer({
      baseUrl: 'https://issuer.test',
      secret: SECRET,
      fetch: fetchDouble,
    });
    const error = await issuer.issueCard(request).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/bad signature/);
    expect((error as Error).message).not.toContain(card.pan);
  });

  it('refuses a malformed card and an HTTP error', async () => {
    const malformed = createGatewayIssuer({
      baseUrl: 'https://issuer.test',
      secret: SECRET,
      fetch: processor({ ...card, pan: 'not-a-number' }).fetchDouble,
    });
    await expect(malformed.issueCard(request)).rejects.toThrow(/malformed/);
    const failing = createGatewayIssuer({
      baseUrl: 'https://issuer.test',
      secret: SECRET,
      fetch: processor({}, SECRET, 503).fetchDouble,
    });
    await expect(failing.cancelCard('ref-1')).rejects.toThrow(/HTTP 503/);
  });
});
