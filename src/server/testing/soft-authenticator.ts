/**
 * A software WebAuthn authenticator for server tests: makes P-256 credentials and answers
 * registration and authentication options as a browser with a platform authenticator would (the
 * `toJSON()` shape, attestation `none`, user verified). Tests can make it lie: another origin, a
 * counter that goes backwards (a cloned key), an answer replayed.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { authenticationCredential, registrationCredential } from '../../contract/passkeys';

type RegistrationResponseJSON = z.infer<typeof registrationCredential>;
type AuthenticationResponseJSON = z.infer<typeof authenticationCredential>;

interface Key {
  id: string;
  privateKey: KeyObject;
  cose: Uint8Array;
  counter: number;
  userHandle: string;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
  allowCredentials?: { id: string }[];
}

const sha = (data: Buffer | Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly keys = new Map<string, Key>();

  constructor(
    readonly origin = 'http://localhost:8080',
    readonly rpID = 'localhost',
    /** Synced passkeys count nothing (0 forever); hardware keys count up. */
    readonly countsUp = true,
  ) {}

  private authData(rpID: string, counter: number, attested?: { id: Buffer; cose: Uint8Array }): Buffer {
    // UP | UV | (AT when a credential is attached).
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Uint8Array[] = [sha(rpID), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), length, attested.id, Buffer.from(attested.cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  register(options: Options, lie: { origin?: string } = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const rawId = sha(`${Math.random()}${Date.now()}`).subarray(0, 16);
    const id = rawId.toString('base64url');
    const rpID = options.rp?.id ?? this.rpID;
    const authData = this.authData(rpID, 0, { id: rawId, cose });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    this.keys.set(id, { id, privateKey, cose, counter: 0, userHandle: options.user?.id ?? '' });
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData(
          'webauthn.create',
          options.challenge,
          lie.origin ?? this.origin,
        ).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** Answer with `credentialId` (default: the first allowed one, or the newest key). */
  assert(
    options: Options,
    lie: { origin?: string; credentialId?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const id = lie.credentialId ?? options.allowCredentials?.[0]?.id ?? [...this.keys.keys()].at(-1);
    const key = id ? this.keys.get(id) : undefined;
    if (!key) throw new Error('the soft authenticator holds no such credential');
    if (this.countsUp) key.counter += 1;
    const counter = lie.counter ?? key.counter;
    const authData = this.authData(options.rpId ?? this.rpID, counter);
    const clientData = this.clientData('webauthn.get', options.challenge, lie.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), key.privateKey);
    return {
      id: key.id,
      rawId: key.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: key.userHandle,
      },
    };
  }
}
