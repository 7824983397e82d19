/**
 * A certificate for the TLS of the outside systems that production requires to be encrypted (the
 * object store must be https; the mail server is SMTPS here). Made with the openssl command for
 * 127.0.0.1, and handed to the portal as an extra trusted CA (`NODE_EXTRA_CA_CERTS`), as an
 * operator does for systems signed by a private CA (docs/deployment.md, "Outside systems").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: Buffer;
  cert: Buffer;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certPath: string;
  /** The folder of both files, removed at the end. */
  dir: string;
}

export function makeCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'prod-e2e-tls-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath, dir };
}
