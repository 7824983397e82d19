/** How the agent programme shows other people's e-mail addresses and bank card numbers. */

/**
 * `j***@g***.com`: enough for an agent to recognise whom they invited, too little to write to
 * them or learn their employer.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host[0] ?? ''}***${tld}`;
}

/** `**** **** **** 1234`: the last four digits only, the rest never leaves the server. */
export function maskCardNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}
