/**
 * GET /api/card/cardDown: the filtered cards (the same filter as card/page, list-filter.ts) as XLSX
 * or CSV, streamed through the flows module's writers.
 *
 * Without `full=1` a row has the last four digits only. With `full=1` the export needs the e-mail
 * code of down/getCode (none: 428 `{ need: 'mailCode' }`; wrong: 422), which it spends, and adds
 * number, expiry and CVV; every card written in full gets an `export` card event, written before
 * its batch leaves the server. Everything that can be refused with a clear answer (filter, code,
 * first read) happens before the first byte, so it still answers the JSON envelope.
 */
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Lang } from '../../lib/i18n';
import { fail } from '../../lib/errors';
import { ByteSink } from '../flows/byte-sink';
import { productDay } from '../flows/export-cells';
import { writeCsv } from '../flows/write-csv';
import { writeXlsx } from '../flows/write-xlsx';
import type { CardOwner } from './card-access';
import { actorTag } from './card-access';
import { recordCardEvents } from './card-events';
import type { CardBatch } from './card-export-batch';
import { CARD_EXPORT_BATCH, readCardBatch } from './card-export-batch';
import type { CardExportRecord } from './card-export-text';
import { cardExportText } from './card-export-text';
import { spendExportCode } from './export-code';
import type { CardFilter } from './list-filter';
import { cardWhere, checkCardFilter } from './list-filter';
import { openCardSecrets } from './store-card';

export type CardExportFormat = 'xlsx' | 'csv';

const CONTENT_TYPES: Record<CardExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export interface CardExportInput extends CardFilter {
  format: CardExportFormat;
  full?: '0' | '1' | undefined;
  code?: string | undefined;
}

export async function exportCards(
  ctx: AppContext,
  owner: CardOwner,
  scope: SQL,
  lang: Lang,
  input: CardExportInput,
  options: { ip: string; signal?: AbortSignal; batchSize?: number },
): Promise<Response> {
  checkCardFilter(input);
  const full = input.full === '1';
  if (full) {
    if (!input.code) throw fail.needStep('server:cards.export.codeRequired', { need: 'mailCode' });
    await spendExportCode(ctx, owner.accountId, input.code);
  }
  const db = ctx.database.db;
  const where = cardWhere(scope, input);
  const batchSize = options.batchSize ?? CARD_EXPORT_BATCH;
  const first = await readCardBatch(db, where, full, null, batchSize);
  const sink = new ByteSink();
  if (options.signal?.aborted) sink.abandon();
  options.signal?.addEventListener('abort', () => sink.abandon(), { once: true });
  let rowCount = 0;

  /** A full batch's secrets are opened and its `export` events written before it is handed out. */
  async function recordsOf(batch: CardBatch): Promise<CardExportRecord[]> {
    if (!full) return batch.rows.map((card) => ({ card, secrets: null }));
    const now = ctx.now();
    await recordCardEvents(
      db,
      batch.rows.map((card) => ({
        cardId: card.id,
        accountId: owner.accountId,
        action: 'export' as const,
        actor: actorTag(owner),
        ip: options.ip,
        detail: { full: true },
        at: now,
      })),
    );
    return batch.rows.map((card) => ({ card, secrets: openCardSecrets(ctx, card.sealed!) }));
  }

  // The next batch is read only once the client has taken the previous ones, never after it left.
  async function* batches(): AsyncGenerator<CardExportRecord[]> {
    let batch: CardBatch = first;
    for (;;) {
      rowCount += batch.rows.length;
      yield await recordsOf(batch);
      if (!batch.next) return;
      await sink.room();
      if (sink.cancelled) return;
      batch = await readCardBatch(db, where, full, batch.next, batchSize);
    }
  }

  const text = cardExportText(lang, full);
  const written = input.format === 'csv' ? writeCsv(sink, text, batches()) : writeXlsx(sink, text, batches());
  written.then(
    () => {
      if (sink.cancelled) ctx.log.info('card export cancelled by the client', { rows: rowCount, full });
      else ctx.log.info('card export written', { format: input.format, rows: rowCount, full });
      sink.close();
    },
    (error: unknown) => {
      ctx.log.error('card export failed', { rows: rowCount, full, error: String(error) });
      sink.fail(error);
    },
  );

  const name = `cards-${productDay(ctx.now())}.${input.format}`;
  return new Response(sink.stream, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[input.format],
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'no-store',
    },
  });
}
