/**
 * `cardGroup/cardDown`: the group's cards as a file, through the card export itself
 * (cards/export/card-export.ts) with the group as its filter — so the same rules hold: last four digits
 * only, unless `full=1` with the e-mail code of card/down/getCode and a `card_export_full` step-up,
 * both spent, and every card written in full gets an `export` card event.
 */
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import type { CardOwner } from '../cards/card-access';
import { ownedBy } from '../cards/card-access';
import type { FullStepUp } from '../cards/export/card-export';
import { exportCards } from '../cards/export/card-export';
import { findGroup } from './group-access';

export async function exportGroup(
  ctx: AppContext,
  owner: CardOwner,
  input: {
    id: string;
    format: 'xlsx' | 'csv';
    full?: '0' | '1' | undefined;
    code?: string | undefined;
    stepUpTicket?: string | undefined;
  },
  options: { ip: string; lang: Lang; fullStepUp: FullStepUp; signal?: AbortSignal },
): Promise<Response> {
  const group = await findGroup(ctx.database.db, owner, input.id);
  return exportCards(
    ctx,
    owner,
    ownedBy(owner),
    options.lang,
    {
      groupId: group.id,
      format: input.format,
      full: input.full,
      code: input.code,
      stepUpTicket: input.stepUpTicket,
    },
    { ip: options.ip, fullStepUp: options.fullStepUp, signal: options.signal },
  );
}
