/**
 * Who the passkeys are for (docs/decisions.md "Passkeys"): the relying party id (a domain, never an
 * address: browsers refuse IP addresses) and the origins a signed answer may come from.
 *
 * - `PUBLIC_URL` set (production, or a demo behind a name): its host and origin.
 * - Demo mode without it: `localhost` on the server's port.
 * - Production without it: `HOST:PORT`, like the links in e-mails; a deployment sets PUBLIC_URL.
 */
import type { Env } from '../../env';

export interface RelyingParty {
  rpID: string;
  rpName: string;
  origins: string[];
}

export function relyingPartyOf(
  env: Pick<Env, 'APP_MODE' | 'PUBLIC_URL' | 'HOST' | 'PORT'>,
  rpName = 'Card Portal',
): RelyingParty {
  if (env.PUBLIC_URL) {
    const url = new URL(env.PUBLIC_URL);
    return { rpID: url.hostname, rpName, origins: [url.origin] };
  }
  if (env.APP_MODE === 'demo')
    return { rpID: 'localhost', rpName, origins: [`http://localhost:${env.PORT}`] };
  return { rpID: env.HOST, rpName, origins: [`http://${env.HOST}:${env.PORT}`] };
}
