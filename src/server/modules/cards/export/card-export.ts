/**
 * GET /api/card/cardDown: the filtered cards (the same filter as card/page, list-filter.ts) as XLSX
 * or CSV, streamed like every export (flows/stream-export.ts).
 *
 * Without `full=1` a row has the last four digits only. With `full=1` the export needs a
 * `card_export_full` step-up ticket (none or bad: 428 `{ stepUp: 'card_export_full' }`) and the e-mail
 * code of down/getCode (none: 428 `{ need: 'mailCode' }`; wrong: 422), which it spends, and adds
 * number, expiry and CVV; every card written in full gets an `export` card event, written before
 * its batch leaves the server. Everything that can be refused with a clear answer (filter, code,
 * first read) happens before the first byte, so it still answers the JSON envelope.
 */
import type { Call } from '../../../lib/route';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Lang } from '../../../lib/i18n';
import { fail } from '../../../lib/errors';
import type { ExportFormat } from '../../flows/stream-export';
import { streamExport } from '../../flows/stream-export';
import type { CardOwner } from '../card-access';
import { actorTag } from '../card-access';
import { recordCardEvents } from '../card-events';
import type { CardBatch, CardExportRow } from './card-export-batch';
import { CARD_EXPORT_BATCH, readCardBatch } from './card-export-batch';
import type { CardExportRecord } from './card-export-text';
import { cardExportText } from './card-export-text';
import { spendExportCode } from './export-code';
import type { CardFilter } from '../list/list-filter';
import { cardWhere, checkCardFilter } from '../list/list-filter';
import { openCardSecrets } from '../open/store-card';

export interface CardExportInput extends CardFilter {
  format: ExportFormat;
  full?: '0' | '1' | undefined;
  code?: string | undefined;
  stepUpTicket?: string | undefined;
}

/** The `card_export_full` step-up of the call: looked at before the code is spent, spent after. */
export interface FullStepUp {
  check(ticket: string | undefined): Promise<unknown>;
  spend(ticket: string | undefined): Promise<unknown>;
}

/** The caller's `card_export_full` step-up: every export with full numbers goes through this. */
export function fullExportStepUp(call: Call): FullStepUp {
  return {
    check: (ticket) => requireLiveStepUp(call.app.database.db, call, 'card_export_full', ticket),
    spend: (ticket) => consumeStepUp(call.app.database.db, call, 'card_export_full', ticket),
  };
}

export async function exportCards(
  ctx: AppContext,
  owner: CardOwner,
  scope: SQL,
  lang: Lang,
  input: CardExportInput,
  options: { ip: string; fullStepUp: FullStepUp; signal?: AbortSignal; batchSize?: number },
): Promise<Response> {
  checkCardFilter(input);
  const full = input.full === '1';
  if (full) {
    // The step-up is looked at first and spent last, so a wrong code does not cost the ticket.
    await options.fullStepUp.check(input.stepUpTicket);
    if (!input.code) throw fail.needStep('server:cards.export.codeRequired', { need: 'mailCode' });
    await spendExportCode(ctx, owner, input.code);
    await options.fullStepUp.spend(input.stepUpTicket);
  }
  const db = ctx.database.db;
  const where = cardWhere(scope, input);
  const batchSize = options.batchSize ?? CARD_EXPORT_BATCH;

  /** A full batch's secrets are opened and its `export` events written before it is handed out. */
  async function recordsOf(rows: CardExportRow[]): Promise<CardExportRecord[]> {
    if (!full) return rows.map((card) => ({ card, secrets: null }));
    const now = ctx.now();
    await recordCardEvents(
      db,
      rows.map((card) => ({
        cardId: card.id,
        accountId: owner.accountId,
        action: 'export' as const,
        actor: actorTag(owner),
        ip: options.ip,
        detail: { full: true },
        at: now,
      })),
    );
    return rows.map((card) => ({ card, secrets: openCardSecrets(ctx, card.sealed!) }));
  }

  return streamExport(ctx, {
    format: input.format,
    fileName: 'cards',
    text: cardExportText(lang, full),
    read: (after: CardBatch['next']) => readCardBatch(db, where, full, after, batchSize),
    records: recordsOf,
    log: { what: 'card export', fields: { full } },
    signal: options.signal,
  });
}
