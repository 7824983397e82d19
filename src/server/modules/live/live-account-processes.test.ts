/**
 * The `account` kind across server processes (issue 18 §1, PostgreSQL only): two real server
 * processes on one database; a member's stream is served by one, the owner takes a key from the
 * member's role through the other, and the member's stream hears of it. The owner, the role and the
 * member are made through the API as a customer would (codes and the invitation link read from the
 * sandbox outbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../sandbox/seed';
import { changeOf, openLiveStream } from '../../testing/live-stream';
import type { ServerProcess } from '../../testing/server-processes';
import { callServer, sharedSecretKey, startServerProcess } from '../../testing/server-processes';
import type { TestDatabase } from '../../testing/test-db';
import { openTestDatabase } from '../../testing/test-db';
import { CLIENT_BASIC } from '../../testing/harness';

const MEMBER_PASSWORD = 'Member-secret-1';

/** The newest mail to `email`, polled from a process's sandbox outbox, matched by `pattern`. */
async function mailed(url: string, email: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await fetch(`${url}/sandbox/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      text: string;
    }[];
    const found = mails.map((mail) => pattern.exec(mail.text)?.[1]).find(Boolean);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nothing matching ${String(pattern)} mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')(
  'the account kind across two server processes',
  () => {
    let testDb: TestDatabase;
    const secretKey = sharedSecretKey();
    const servers: ServerProcess[] = [];
    const start = (name: string) =>
      startServerProcess({ databaseUrl: testDb.url!, dataDir: testDb.dataDir, secretKey, name });

    beforeAll(async () => {
      testDb = await openTestDatabase('postgresql');
      servers.push(await start('p0')); // seeds the demo account first
      servers.push(await start('p1'));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await testDb.dispose();
    });

    it("reaches a member's stream on one process when the owner changes its role through the other", async () => {
      const [p0, p1] = servers.map((server) => server.url) as [string, string];
      const ownerSignIn = await callServer(p0, '/api/user/loginPwd', {
        basic: CLIENT_BASIC,
        form: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      expect(ownerSignIn.code, ownerSignIn.msg).toBe(200);
      const owner = ownerSignIn.data.access_token as string;

      const role = await callServer(p0, '/api/sub/role/add', {
        token: owner,
        form: { name: 'Cards', permissions: 'card:list,card:open' },
      });
      expect(role.code, role.msg).toBe(200);
      const roleId = role.data.id as string;

      const memberEmail = `member.${Date.now().toString(36)}@example.com`;
      expect((await callServer(p0, '/api/sub/add/getCode', { token: owner })).code).toBe(200);
      const code = await mailed(p0, DEMO_ACCOUNT.email, /\b(\d{6})\b/);
      const added = await callServer(p0, '/api/sub/add', {
        token: owner,
        form: { code, email: memberEmail, nickname: 'Mia', roleId, validUntil: '2099-01-01' },
      });
      expect(added.code, added.msg).toBe(200);
      const invitation = await mailed(p0, memberEmail, /token=([A-Za-z0-9_-]+)/);
      const accepted = await callServer(p0, '/api/sub/invite/accept', {
        form: { token: invitation, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD },
      });
      expect(accepted.code, accepted.msg).toBe(200);
      const memberSignIn = await callServer(p1, '/api/user/loginPwd', {
        basic: CLIENT_BASIC,
        form: { username: memberEmail, password: MEMBER_PASSWORD },
      });
      expect(memberSignIn.code, memberSignIn.msg).toBe(200);
      const member = memberSignIn.data.access_token as string;

      const stream = await openLiveStream(p1, member);
      await stream.waitFor((e) => e.event === 'ready', 10_000);
      const changed = await callServer(p0, '/api/sub/role/permission', {
        token: owner,
        form: { roleId, permissions: 'card:list' },
      });
      expect(changed.code, changed.msg).toBe(200);
      await stream.waitFor(changeOf('account'), 5000);

      // What the member's tab then reads, from either process: the key is gone.
      const info = await callServer(p1, '/api/user/info', { token: member });
      expect(info.data.subPermission).toEqual(['card:list']);
      stream.close();
    }, 120_000);
  },
);
