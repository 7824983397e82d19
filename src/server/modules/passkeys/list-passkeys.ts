/** GET /api/user/passkeys: the caller's own passkeys, newest first. */
import type { AppContext } from '../../context';
import type { Holder } from './holder';
import { holderPasskeys, toItem } from './holder';

export async function listPasskeys(ctx: AppContext, holder: Holder) {
  const rows = await holderPasskeys(ctx.database.db, holder);
  return { items: rows.map(toItem) };
}
