/** `newCard`: one card, charged exactly the quoted total in the transaction that records it. */
import { eq } from 'drizzle-orm';
import type { CardView, DebitCurrency, HolderFields } from '@contract/cards';
import type { AppContext } from '../../../context';
import { cards } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner } from '../card-access';
import { readCardViews } from '../card-view';
import { holderOf } from '../holder-fields';
import { openCards } from './open-cards';
import { findTemplate } from '../../spending-templates/save-template';

export interface NewCardInput extends HolderFields {
  segmentId: string;
  amount: number;
  couponId?: string | undefined;
  debitCurrency: DebitCurrency;
  expectTotal: number;
  label?: string | undefined;
  /** Card group and tags of the new cards (card-groups/open-placement.ts). */
  gid?: string | undefined;
  tagIds?: string[] | undefined;
  /** A saved spending-rule template the card gets. */
  spendTemplateId?: string | undefined;
}

export async function openNewCard(
  ctx: AppContext,
  owner: CardOwner,
  input: NewCardInput,
  context: { key: string | null; ip: string; device: string; lang: Lang },
): Promise<{ card: CardView; txnNo: string }> {
  const opened = await openCards(ctx, {
    owner,
    groups: [
      {
        segmentId: input.segmentId,
        amountPerCard: input.amount,
        cards: [{ holder: holderOf(input), label: input.label ?? null }],
      },
    ],
    couponId: input.couponId,
    debitCurrency: input.debitCurrency,
    expectTotal: input.expectTotal,
    key: context.key,
    batch: false,
    actor: { ip: context.ip, device: context.device },
    placement: { gid: input.gid, tagIds: input.tagIds },
    spendRules: input.spendTemplateId
      ? (await findTemplate(ctx, owner, input.spendTemplateId)).rules
      : undefined,
  });
  const cardId = opened.cardIds[0];
  if (!cardId) throw new Error('an opening of one card returned no card');
  const [card] = await readCardViews(ctx.database.db, eq(cards.id, cardId), context.lang);
  if (!card) throw new Error(`card ${cardId} vanished`);
  return { card, txnNo: opened.txnNo };
}
