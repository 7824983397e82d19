/**
 * The sandbox mail provider: mails land in the database table read by GET /sandbox/outbox (so any
 * instance can answer) and, in demo mode, are printed on the console for the person at the terminal.
 */
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { Mail, MailProvider } from './mail-provider';

export function createOutboxMail(db: Db, print: ((line: string) => void) | null): MailProvider {
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      await db.insert(mailOutbox).values({ id: newId(), ...mail });
      print?.(`\n[outbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
    },
  };
}
