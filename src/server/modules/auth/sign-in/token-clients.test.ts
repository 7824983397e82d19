import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '@contract/auth';
import { loginPwd, refreshToken } from '@contract/auth';
import { WEB_CLIENT_BASIC } from '@contract/auth-clients';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { newAddress, TRUSTED_PROXY } from '../../../testing/auth';

/**
 * Token clients as production runs them (issue 28 §1): the PWA is a public client known by its id,
 * so it signs in whatever the operator configured; confidential integrators keep their secrets.
 */
const ERP_SECRET = 'Kx7q-Rm2v-Wp9z-Ld4h';
const basic = (pair: string) => ({
  client: false,
  headers: { ...newAddress().headers, authorization: `Basic ${Buffer.from(pair).toString('base64')}` },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...TRUSTED_PROXY, OAUTH_CLIENTS: `erp:${ERP_SECRET}` });
});
afterAll(async () => t.close());

describe('token clients', () => {
  it('signs the PWA in with its fixed public authorization while only a confidential client is configured', async () => {
    const { email, password } = await t.register();
    for (const pair of [WEB_CLIENT_BASIC, 'portal:', 'portal:anything']) {
      const answer = await t.api(loginPwd, { username: email, password }, basic(pair));
      expect(answer.status, pair).toBe(200);
    }
  });

  it('keeps confidential clients to their secret, and refuses unknown or missing clients', async () => {
    const { email, password } = await t.register();
    expect((await t.api(loginPwd, { username: email, password }, basic(`erp:${ERP_SECRET}`))).status).toBe(
      200,
    );
    for (const pair of ['erp:wrong-secret-000000', 'erp:', 'kiosk:anything', ':portal', 'portal']) {
      const answer = await t.api(loginPwd, { username: email, password }, basic(pair));
      expect(answer.body, pair).toMatchObject({ code: 401, msg: 'Unknown client' });
    }
    const none = await t.api(loginPwd, { username: email, password }, { client: false, ...newAddress() });
    expect(none.status).toBe(401);
  });

  it('refreshes a session only through the client it was issued to', async () => {
    const { email, password } = await t.register();
    const signedIn = await t.api(loginPwd, { username: email, password }, basic(WEB_CLIENT_BASIC));
    const { refresh_token } = signedIn.body.data as Tokens;
    const grant = { grant_type: 'refresh_token', refresh_token } as const;
    const viaErp = await t.api(refreshToken, grant, basic(`erp:${ERP_SECRET}`));
    expect(viaErp.status).not.toBe(200);
  });
});
