/**
 * Abuse rules of invitations, checked at sign-up (the only moment an account gets its inviter, so
 * an account is invited at most once and its inviter never changes):
 *
 * - No self-invitation: the new address may not be the inviter's own address written another way
 *   (case, dots and `+tags` of the mailboxes that ignore them).
 * - No invitation inside one organisation: an address of the inviter's own domain is refused,
 *   unless the domain is a public mail service (anyone can have an address there) or a reserved
 *   documentation domain (RFC 2606: example.com and friends, the sandbox's test addresses).
 */
import { fail } from '../../../lib/errors';

const PUBLIC_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sohu.com',
  'aliyun.com',
  '139.com',
]);
const RESERVED = /(^|\.)(example\.(com|net|org)|test|localhost|invalid|local)$/;
/** Mailboxes where dots in the name do not matter. */
const DOTLESS = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox an address delivers to: lower case, `+tag` dropped, dots dropped where ignored. */
export function canonicalMailbox(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  let local = lower.slice(0, at).split('+')[0]!;
  let domain = lower.slice(at + 1);
  if (DOTLESS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

export function isSharedDomain(domain: string): boolean {
  return PUBLIC_DOMAINS.has(domain) || RESERVED.test(domain);
}

/** Throws 422 (field inviteCode) when `inviteeEmail` may not use the invitation of `inviterEmail`. */
export function checkInvitation(inviterEmail: string, inviteeEmail: string): void {
  const inviter = canonicalMailbox(inviterEmail);
  const invitee = canonicalMailbox(inviteeEmail);
  if (inviter === invitee) throw fail.rule('server:agent.selfInvite', {}, { fields: ['inviteCode'] });
  const domain = invitee.slice(invitee.lastIndexOf('@') + 1);
  if (domain === inviter.slice(inviter.lastIndexOf('@') + 1) && !isSharedDomain(domain))
    throw fail.rule('server:agent.sameOrganisation', { domain }, { fields: ['inviteCode'] });
}
