/** `/api/sub/expiryPolicy`: what the expiry job does with the member's cards (expire-subs.ts). */
import type { ExpiryPolicy } from '../../../contract/sub-accounts';
import type { AppContext } from '../../context';
import type { Call } from '../../lib/route';
import { updateSub } from './update-sub';

export function setExpiryPolicy(
  ctx: AppContext,
  call: Call,
  accountId: string,
  subId: string,
  expiryPolicy: ExpiryPolicy,
) {
  return updateSub(
    ctx,
    call,
    accountId,
    subId,
    async () => ({ expiryPolicy }),
    (row) => ({ expiryPolicy: row.expiryPolicy }),
  );
}
