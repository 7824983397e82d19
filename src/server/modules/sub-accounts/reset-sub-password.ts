/**
 * `/api/sub/resetPwd`: the owner never sets a member's password. The old one is voided, the
 * member's sessions end, and a fresh set-password link goes to the member.
 */
import type { AppContext } from '../../context';
import type { Call } from '../../lib/route';
import { loadAccount } from '../account/load-account';
import { issueInvitation, mailInvitation } from './invitations';
import { revokeSubSessions } from './sub-sessions';
import { updateSub } from './update-sub';

export async function resetSubPassword(ctx: AppContext, call: Call, accountId: string, subId: string) {
  let token = '';
  const view = await updateSub(
    ctx,
    call,
    accountId,
    subId,
    async (row, tx) => {
      await revokeSubSessions(ctx, tx, subId, 'sub-password-reset');
      token = await issueInvitation(ctx, tx, subId);
      return { passwordHash: null, status: row.status === 'frozen' ? 'frozen' : 'invited' };
    },
    (row) => ({ status: row.status, passwordSet: row.passwordHash !== null }),
  );
  const owner = await loadAccount(ctx, accountId);
  await mailInvitation(
    ctx,
    { email: view.email, nickname: view.nickname, lang: call.lang },
    owner.nickname ?? owner.email,
    token,
    'reset',
  );
}
