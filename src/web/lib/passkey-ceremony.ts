/**
 * The browser half of passkeys (docs/decisions.md "Passkeys"). @simplewebauthn/browser is imported
 * here on demand only, so it lands in a chunk of its own that loads when a passkey is used or made,
 * never with the entry or home bundle (tests/e2e/budgets.spec.ts).
 */
type Json = Record<string, unknown>;

const load = () => import('@simplewebauthn/browser');

export async function passkeysSupported(): Promise<boolean> {
  return (await load()).browserSupportsWebAuthn();
}

/** Make a credential with the server's options; answers the RegistrationResponseJSON. */
export async function createPasskey(options: Json) {
  const { startRegistration } = await load();
  return startRegistration({ optionsJSON: options as never });
}

/** Sign the server's challenge with a passkey; answers the AuthenticationResponseJSON. */
export async function signWithPasskey(options: Json) {
  const { startAuthentication } = await load();
  return startAuthentication({ optionsJSON: options as never });
}

/** The person closed the browser's dialog or let it time out: not an error worth a red message. */
export function passkeyCancelled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}
