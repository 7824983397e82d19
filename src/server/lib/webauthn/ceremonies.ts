/**
 * The two WebAuthn ceremonies over @simplewebauthn/server, with the challenge kept server-side
 * (challenges.ts). Nothing here knows who the people are: the caller stores and finds credentials
 * (the customers' in modules/account/passkeys; an operator console can keep its own).
 *
 * Every failure is one refusal, `server:passkeys.refused` (422), whatever the cause: an expired,
 * replayed or foreign challenge, another origin or relying party, a bad signature, or a counter
 * that went backwards (a cloned authenticator). User verification is required in both ceremonies.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Executor } from '../../db/client';
import { fail } from '../errors';
import type { ChallengeScope } from './challenges';
import { CEREMONY_TIMEOUT_MS, challengeOf, storeChallenge, takeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';

export type { AuthenticationResponseJSON, RegistrationResponseJSON };

/** A credential as the caller stores it (public key base64url). */
export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** What a registration proves, to be stored by the caller. */
export interface NewCredential extends StoredCredential {
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

export const refused = () => fail.rule('server:passkeys.refused');

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const transportsOf = (list: string[]) => list.filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t));

export async function startRegistration(
  db: Executor,
  rp: RelyingParty,
  input: {
    /** A stable opaque id of the person (never an e-mail address), at most 64 bytes. */
    userId: string;
    userName: string;
    exclude: StoredCredential[];
    scope: ChallengeScope;
  },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON & Record<string, unknown>> {
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: input.userName,
    userID: new TextEncoder().encode(input.userId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: input.exclude.map((c) => ({
      id: c.credentialId,
      transports: transportsOf(c.transports),
    })),
    // A discoverable credential: it can sign in without an address typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, input.scope, now);
  // A plain object copy: the contract describes the options as an open JSON object.
  return { ...options };
}

export async function finishRegistration(
  db: Executor,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  scope: ChallengeScope,
  now: Date,
): Promise<NewCredential> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, scope, now))) throw refused();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

export async function startAuthentication(
  db: Executor,
  rp: RelyingParty,
  input: { allow: StoredCredential[] | null; scope: ChallengeScope },
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON & Record<string, unknown>> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    // null: any discoverable credential of this site (a sign-in without an address).
    ...(input.allow
      ? {
          allowCredentials: input.allow.map((c) => ({
            id: c.credentialId,
            transports: transportsOf(c.transports),
          })),
        }
      : {}),
  });
  await storeChallenge(db, options.challenge, input.scope, now);
  // A plain object copy: the contract describes the options as an open JSON object.
  return { ...options };
}

/**
 * Spend the challenge, then check the answer against the credential the caller found by
 * `response.id`. Answers the new counter and backup state for the caller to store.
 */
export async function finishAuthentication(
  db: Executor,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  credential: StoredCredential | null,
  scope: ChallengeScope,
  now: Date,
): Promise<{ counter: number; backedUp: boolean; deviceType: 'singleDevice' | 'multiDevice' }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, scope, now))) throw refused();
  if (!credential || credential.credentialId !== response.id) throw refused();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: credential.credentialId,
      publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
      counter: credential.counter,
      transports: transportsOf(credential.transports),
    },
  }).catch(() => null);
  if (!verified?.verified) throw refused();
  const info = verified.authenticationInfo;
  return {
    counter: info.newCounter,
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
  };
}
