/** Query keys of the invite-rebate page; a withdrawal invalidates them all. */
export const agentKeys = {
  all: ['agent'] as const,
  info: ['agent', 'info'] as const,
  invitations: ['agent', 'invitations'] as const,
  flow: ['agent', 'flow'] as const,
  withdrawals: ['agent', 'withdrawals'] as const,
  rules: ['agent', 'rules'] as const,
  bankCards: ['agent', 'bankCards'] as const,
};

/** The invitation link: the app's own address, the sign-up page, the code (spec §2 `code`). */
export function inviteLink(
  code: string,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
): string {
  return `${location.origin}${location.pathname}#/signup?code=${code}`;
}
