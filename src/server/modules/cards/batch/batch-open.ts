/**
 * `batchOpenCard`: up to 500 cards with one holder and first load, all or nothing. The
 * Idempotency-Key is required: it is the batch id the PWA polls with `batchCard` while the cards
 * are issued.
 */
import type { BatchResult } from '@contract/cards';
import type { AppContext } from '../../../context';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { readBatchResult } from './batch-read';
import type { CardOwner } from '../card-access';
import { holderOf } from '../holder-fields';
import type { NewCardInput } from '../open/open-card';
import { openCards } from '../open/open-cards';
import { findTemplate } from '../../spending-templates/save-template';

export interface BatchOpenInput extends NewCardInput {
  count: number;
}

export async function openBatch(
  ctx: AppContext,
  owner: CardOwner,
  input: BatchOpenInput,
  context: { key: string | null; ip: string; device: string; lang: Lang },
): Promise<BatchResult> {
  if (!context.key) throw fail.badRequest('server:cardOpen.batchKeyRequired');
  const card = { holder: holderOf(input), label: input.label ?? null };
  const opened = await openCards(ctx, {
    owner,
    groups: [
      {
        segmentId: input.segmentId,
        amountPerCard: input.amount,
        cards: Array.from({ length: input.count }, () => card),
      },
    ],
    couponId: input.couponId,
    debitCurrency: input.debitCurrency,
    expectTotal: input.expectTotal,
    key: context.key,
    batch: true,
    actor: { ip: context.ip, device: context.device },
    placement: { gid: input.gid, tagIds: input.tagIds },
    spendRules: input.spendTemplateId
      ? (await findTemplate(ctx, owner, input.spendTemplateId)).rules
      : undefined,
  });
  return readBatchResult(ctx.database.db, owner, opened.batchId ?? context.key, context.lang);
}
