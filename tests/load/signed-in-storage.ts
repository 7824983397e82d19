/**
 * The localStorage of a signed-in session, as the PWA keeps it after sign-in (lib/storage.ts):
 * tokens, the user info and the rights it grants. Shared by the page bench (page-figures.ts) and
 * the browser tests' signInWithStorage (tests/e2e/fixtures.ts). Without the rights, the first
 * signed-in route would fetch them again before showing anything, which a returning user never
 * waits for.
 */

/** The rights a sign-in or the user info carries (contract AccessGrant). */
export interface Grant {
  subAccount?: number;
  Auths?: { id: number }[];
  AuthsMenu?: number[];
  subPermission?: string[];
}

/** The grant under its own storage keys, as lib/permissions.ts storeAccess keeps it. */
export function grantStorage(grant: Grant): Record<string, string> {
  return {
    subAccount: JSON.stringify(grant.subAccount ?? 0),
    Auths: JSON.stringify((grant.Auths ?? []).map(({ id }) => ({ id }))),
    AuthsMenu: JSON.stringify(grant.AuthsMenu ?? []),
    subPermission: JSON.stringify(grant.subPermission ?? []),
  };
}

/** A signed-in session of `token` on the server at `url`, with the user info it answers. */
export async function signedInStorage(url: string, token: string): Promise<Record<string, string>> {
  const info = (await (
    await fetch(`${url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: Grant };
  if (!info.data.Auths) throw new Error('the user info carries no rights (Auths)');
  return {
    access_token: token,
    refresh_token: 'bench',
    access_overtime: JSON.stringify(Date.now() + 3_600_000),
    lastActivity: JSON.stringify(Date.now()),
    userInfo: JSON.stringify(info.data),
    ...grantStorage(info.data),
  };
}
