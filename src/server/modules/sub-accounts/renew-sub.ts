/** `/api/sub/renew`: a new validity end; the expiry policy and reminder start afresh for it. */
import type { AppContext } from '../../context';
import type { Call } from '../../lib/route';
import { updateSub } from './update-sub';
import { parseValidUntil } from './valid-until';

export function renewSub(ctx: AppContext, call: Call, accountId: string, subId: string, validUntil: string) {
  const until = parseValidUntil(ctx, validUntil);
  return updateSub(
    ctx,
    call,
    accountId,
    subId,
    async () => ({ validUntil: until, expiryAppliedAt: null, expiryRemindedAt: null }),
    (row) => ({ validUntil: row.validUntil.toISOString() }),
  );
}
