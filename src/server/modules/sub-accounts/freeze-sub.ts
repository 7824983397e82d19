/** `/api/sub/frozen`: freezing ends every session of the member in the same transaction. */
import type { AppContext } from '../../context';
import { revokeSubSessions } from './sub-sessions';
import type { Call } from '../../lib/route';
import { updateSub } from './update-sub';

export function freezeSub(ctx: AppContext, call: Call, accountId: string, subId: string, frozen: 0 | 1) {
  return updateSub(
    ctx,
    call,
    accountId,
    subId,
    async (row, tx) => {
      if (frozen === 1) {
        await revokeSubSessions(ctx, tx, subId, 'sub-frozen');
        return row.status === 'frozen' ? null : { status: 'frozen' };
      }
      if (row.status !== 'frozen') return null;
      // A member who never chose a password goes back to waiting for it.
      return { status: row.passwordHash ? 'online' : 'invited' };
    },
    (row) => ({ status: row.status }),
  );
}
