/**
 * The per-bank limits image of bank-card top-ups (GET /api/account/bankLimitImg). It needs the
 * bearer token, so an <img src> cannot load it; this fetches it as a Blob with the headers the HTTP
 * client would send (lib/http.ts has no image answers), refreshing an expired access token once.
 * Any failure rejects and the page says the image is unavailable; no toast for a decoration.
 */
import { bankLimitImg } from '@contract/finance';
import { refreshSession, urlOf } from '../../../lib/http';
import { localeOf, storedLang } from '../../../lib/i18n';
import { getItem } from '../../../lib/storage';

/** The envelope code of an expired access token (api-conventions.md). */
const ACCESS_EXPIRED = 600;

function request(signal: AbortSignal): Promise<Response> {
  const headers = new Headers({ 'Accept-Language': localeOf(storedLang()), Accept: 'image/*' });
  const token = getItem('access_token');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(urlOf(bankLimitImg, {}), { headers, signal, credentials: 'same-origin' });
}

async function expired(response: Response): Promise<boolean> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === ACCESS_EXPIRED;
  } catch {
    return false;
  }
}

export async function fetchBankLimitImage(signal: AbortSignal): Promise<Blob> {
  let response = await request(signal);
  if ((await expired(response)) && (await refreshSession())) response = await request(signal);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/')) throw new Error(`bankLimitImg answered ${response.status}`);
  return response.blob();
}
