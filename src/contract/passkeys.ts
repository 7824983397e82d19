/**
 * Passkeys (WebAuthn, issue 32 §4; docs/decisions.md "Passkeys"): registered and removed from the
 * personal pages, used to sign in (a discoverable credential, no address typed) and as a step-up
 * factor. The browser's answers travel as the JSON of the WebAuthn Level 3 `toJSON()` shape
 * (base64url fields), as @simplewebauthn/browser produces it.
 */
import { z } from 'zod';
import { tokens } from './auth';
import { endpoint, isoTime, nothing } from './core';
import { stepUpPurpose } from './account';

const b64 = (max: number) =>
  z
    .string({ error: 'server:passkeys.refused' })
    .max(max, { error: 'server:passkeys.refused' })
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: 'server:passkeys.refused' });

/** The options for `navigator.credentials.create/get` (PublicKeyCredential*OptionsJSON). */
const ceremonyOptions = z.looseObject({ challenge: z.string(), timeout: z.number().optional() });

const credentialBase = {
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
};

/** RegistrationResponseJSON. */
export const registrationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64(4000),
    attestationObject: b64(16000),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: b64(8000).optional(),
    publicKey: b64(4000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

/** AuthenticationResponseJSON. */
export const authenticationCredential = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64(4000),
    authenticatorData: b64(8000),
    signature: b64(2000),
    userHandle: b64(200).optional(),
  }),
});

export const passkeyItem = z.object({
  id: z.string(),
  /** Given at registration, or derived from the browser and system that registered it. */
  name: z.string(),
  /** A synced passkey (iCloud Keychain, Google Password Manager …) rather than one device's. */
  backedUp: z.boolean(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const PASSKEY_NAME_MAX = 40;
export const PASSKEYS_PER_HOLDER = 10;

export const passkeyList = endpoint({
  id: 'passkeys.list',
  method: 'GET',
  path: '/api/user/passkeys',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary: "The signed-in user's own passkeys (a member sees only its own), newest first.",
  request: z.object({}),
  response: z.object({ items: z.array(passkeyItem) }),
});

export const passkeyRegisterOptions = endpoint({
  id: 'passkeys.registerOptions',
  method: 'POST',
  path: '/api/user/passkeys/registerOptions',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  audited: false,
  summary:
    'Options for `navigator.credentials.create` (a discoverable credential with user verification); the challenge is kept by the server for 2 minutes, for this session, once.',
  request: z.object({}),
  response: ceremonyOptions,
});

export const passkeyRegister = endpoint({
  id: 'passkeys.register',
  method: 'POST',
  path: '/api/user/passkeys/register',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  summary: `Store the new passkey (at most ${PASSKEYS_PER_HOLDER} per user). Without a name, one is derived from the browser.`,
  request: z.object({
    credential: registrationCredential,
    name: z.string().trim().max(PASSKEY_NAME_MAX, { error: 'common:validation.passkeyName' }).optional(),
  }),
  response: passkeyItem,
});

export const passkeyRemove = endpoint({
  id: 'passkeys.remove',
  method: 'POST',
  path: '/api/user/passkeys/remove',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  summary: "Remove one of the user's own passkeys; it can no longer sign in or step up.",
  request: z.object({ id: z.string().min(1).max(64) }),
  response: nothing,
});

export const passkeySignInOptions = endpoint({
  id: 'auth.passkeyOptions',
  method: 'POST',
  path: '/api/user/passkeyLogin/options',
  encoding: 'json',
  auth: 'none',
  summary:
    'Options for `navigator.credentials.get` to sign in with any passkey of this site (no address typed); the challenge lives 2 minutes and answers once.',
  request: z.object({}),
  response: ceremonyOptions,
});

export const passkeySignIn = endpoint({
  id: 'auth.loginPasskey',
  answers: [403],
  method: 'POST',
  path: '/api/user/passkeyLogin',
  encoding: 'json',
  auth: 'client',
  summary:
    'Sign in with a passkey: the same tokens as loginPwd. A passkey with user verification is two factors, so no Google code follows.',
  request: z.object({ credential: authenticationCredential }),
  response: tokens,
});

export const passkeyStepUpOptions = endpoint({
  id: 'account.stepUpPasskeyOptions',
  method: 'POST',
  path: '/api/user/stepUp/passkeyOptions',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  audited: false,
  summary:
    "Options for a step-up with one of the user's own passkeys; `options` is null when the user has none.",
  request: z.object({ purpose: stepUpPurpose }),
  response: z.object({ options: ceremonyOptions.nullable() }),
});

export const passkeyStepUp = endpoint({
  id: 'account.stepUpPasskey',
  method: 'POST',
  path: '/api/user/stepUp/passkey',
  encoding: 'json',
  auth: 'bearer',
  permission: 'any',
  summary:
    'A step-up with a passkey instead of the password or Google code: the same single-use ticket as stepUp (this session, this purpose, 5 minutes).',
  request: z.object({ purpose: stepUpPurpose, credential: authenticationCredential }),
  response: z.object({ ticket: z.string(), expiresAt: isoTime }),
});

export const passkeysEndpoints = [
  passkeyList,
  passkeyRegisterOptions,
  passkeyRegister,
  passkeyRemove,
  passkeySignInOptions,
  passkeySignIn,
  passkeyStepUpOptions,
  passkeyStepUp,
];
