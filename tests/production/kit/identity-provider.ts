/**
 * The identity-verification provider (src/server/providers/identity/gateway-identity.ts): `/checks`
 * takes an order's documents (their storage keys) and answers a reference; its decision goes back
 * signed to `POST /api/identity/decision`.
 */
import { randomUUID } from 'node:crypto';
import type { PortalAnswer } from './signed-json';
import { deliverSigned, startSignedJsonServer } from './signed-json';

export interface IdentityCheck {
  orderId: string;
  kind: string;
  fileIds: string[];
  reference: string;
}

export interface IdentityProvider {
  url: string;
  checks: Map<string, IdentityCheck>;
  refused: string[];
  approve(portalUrl: string, orderId: string): Promise<PortalAnswer>;
  close(): Promise<void>;
}

export async function startIdentityProvider(secret: string): Promise<IdentityProvider> {
  const checks = new Map<string, IdentityCheck>();
  const server = await startSignedJsonServer(() => secret, {
    '/checks': (body) => {
      const orderId = String(body['orderId']);
      const check = checks.get(orderId) ?? {
        orderId,
        kind: String(body['kind']),
        fileIds: (body['fileIds'] as string[] | undefined) ?? [],
        reference: `idv_${randomUUID()}`,
      };
      checks.set(orderId, check);
      return { reference: check.reference };
    },
  });
  return {
    url: server.url,
    checks,
    refused: server.refused,
    approve(portalUrl, orderId) {
      const check = checks.get(orderId);
      if (!check) throw new Error(`the provider has no check of order ${orderId}`);
      return deliverSigned(
        `${portalUrl}/api/identity/decision`,
        { eventId: `evt_${randomUUID()}`, orderId, reference: check.reference, decision: 'approve' },
        secret,
      );
    },
    close: server.close,
  };
}
