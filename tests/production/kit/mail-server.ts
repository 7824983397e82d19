/**
 * A real SMTP server (the `smtp-server` package) the portal delivers to, as it would to an
 * operator's relay: implicit TLS (SMTPS) with the test's certificate, and a login the portal must
 * give (`SMTP_URL=smtps://user:password@host:port`). Every message is parsed as a mail client would
 * (`mailparser`), so a test reads the code a customer reads.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Certificate } from './certificate';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  at: number;
}

export interface MailServer {
  /** The portal's `SMTP_URL`. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` received at or after `since` whose text matches `pattern`: its first group. */
  waitFor(to: string, pattern: RegExp, since: number): Promise<string>;
  close(): Promise<void>;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  );

export async function startMailServer(tls: Certificate): Promise<MailServer> {
  const user = 'portal-relay';
  const password = randomBytes(24).toString('base64url');
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: true,
    key: tls.key,
    cert: tls.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            at: Date.now(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtps://${user}:${password}@127.0.0.1:${port}`,
    mails,
    async waitFor(to, pattern, since) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        for (const mail of mails) {
          if (mail.at < since || !mail.to.includes(to.toLowerCase())) continue;
          const found = pattern.exec(mail.text);
          if (found) return found[1] ?? found[0];
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${String(pattern)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
