/**
 * Signing in with a passkey (issue 32 §4): usernameless, so any passkey of this site may answer.
 * Loaded on the first press of the button only: the contract and the WebAuthn browser code stay out
 * of the sign-in page's first paint.
 */
import type { Tokens } from '../../../contract/auth';
import { passkeySignIn, passkeySignInOptions } from '../../../contract/passkeys';
import { call } from '../../lib/http';
import { passkeyCancelled, signWithPasskey } from '../../lib/passkey-ceremony';

/** The tokens, or null when the person closed the browser's dialog. */
export async function signInWithPasskey(showMessage: (text: string) => void): Promise<Tokens | null> {
  const options = await call(passkeySignInOptions, {}, { showMessage });
  let credential;
  try {
    credential = await signWithPasskey(options);
  } catch (error) {
    if (passkeyCancelled(error)) return null;
    throw error;
  }
  return call(passkeySignIn, { credential: credential as never }, { showMessage });
}
