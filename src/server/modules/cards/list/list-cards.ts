/**
 * One page of the card list (GET /api/card/page and /pageForSub), newest first, through
 * card-view.ts: an item carries the last four digits and nothing more of the number.
 *
 * Fast with many cards (issue 5 §5: p99 ≤ 50 ms with 10,000): the page's ids come first from the
 * index `cards_account_created_idx` (account_id, created_at, serial, id) walked backwards, so skipping
 * rows reads the index only; then just the page's cards are joined with their segment and balance. A
 * balance range reads the card row's copy of the balance (`cards_account_balance_idx`). A page that
 * is not the last needs the total: unfiltered, by "no group" or by one tag it comes from the card
 * tally (card-tally.ts), otherwise it is counted.
 */
import type { SQL } from 'drizzle-orm';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CardMember, CardView } from '@contract/cards';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { cards, subAccounts } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import type { SessionPrincipal } from '../../../lib/session';
import { ownedBy, ownerOf } from '../card-access';
import { selectCardViews, toCardView } from '../card-view';
import type { CardFilter } from './list-filter';
import { cardWhere, checkCardFilter } from './list-filter';
import type { TallyHolders } from './card-tally';
import { readTally, tallyBucket } from './card-tally';

export interface CardListInput extends CardFilter {
  pageNo: number;
  pageSize: number;
}

export interface CardPage {
  data: CardView[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** Whose cards a list holds: its where clause, and the same cards as the card tally splits them. */
export interface CardScope {
  where: SQL;
  tally: TallyHolders;
}

/** card/page: every card the caller may see (a sub-account user: the cards they opened). */
export function pageScope(principal: SessionPrincipal): CardScope {
  const { accountId, subAccountId } = principal;
  return {
    where: ownedBy(ownerOf(principal)),
    tally: subAccountId ? { accountId, holders: 'one', subAccountId } : { accountId, holders: 'everyone' },
  };
}

/**
 * pageForSub: a sub-account user sees the cards they opened; the main account sees the cards its
 * sub-accounts opened, all of them or those of one sub-account.
 */
export function subPageScope(principal: SessionPrincipal, subAccountId: string | undefined): CardScope {
  if (principal.subAccountId) return pageScope(principal);
  const { accountId } = principal;
  const mine = eq(cards.accountId, accountId);
  return subAccountId
    ? {
        where: and(mine, eq(cards.subAccountId, subAccountId))!,
        tally: { accountId, holders: 'one', subAccountId },
      }
    : { where: and(mine, isNotNull(cards.subAccountId))!, tally: { accountId, holders: 'members' } };
}

/**
 * The ids of one page of filtered cards, newest first. Cards opened together (a batch, an import)
 * share created_at and have random ids, so the tie-break is the serial: the issue sequence, unique,
 * so the order is total and pages never repeat or skip a card. Exported for the query-plan test.
 */
export function pageKeys(db: Executor, where: SQL, skipped: number, size: number) {
  return db
    .select({ id: cards.id })
    .from(cards)
    .where(where)
    .orderBy(desc(cards.createdAt), desc(cards.serial))
    .limit(size)
    .offset(skipped);
}

/** The members holding the cards of a team page, by id (one query for the whole page). */
async function membersOf(db: Executor, subIds: readonly (string | null)[]): Promise<Map<string, CardMember>> {
  const ids = [...new Set(subIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: subAccounts.id, subUid: subAccounts.subUid, nickname: subAccounts.nickname })
    .from(subAccounts)
    .where(inArray(subAccounts.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** `withMember`: each card names the member holding it (card/pageForSub, the owner's team list). */
export async function listCards(
  ctx: AppContext,
  scope: CardScope,
  input: CardListInput,
  lang: Lang,
  options: { withMember?: boolean } = {},
): Promise<CardPage> {
  checkCardFilter(input);
  const db = ctx.database.db;
  const where = cardWhere(scope.where, input);
  const skipped = (input.pageNo - 1) * input.pageSize;
  const keys = pageKeys(db, where, skipped, input.pageSize);
  const rows = await selectCardViews(db)
    .where(inArray(cards.id, keys))
    .orderBy(desc(cards.createdAt), desc(cards.serial));
  // A page that is not full is the last one: it tells the total without counting.
  const lastPage = rows.length < input.pageSize && (rows.length > 0 || skipped === 0);
  const total = lastPage ? skipped + rows.length : await countCards(db, where, scope.tally, input);
  const members = options.withMember
    ? await membersOf(
        db,
        rows.map((row) => row.subAccountId),
      )
    : null;
  return {
    data: rows.map((row) =>
      members
        ? { ...toCardView(row, lang), member: members.get(row.subAccountId ?? '') ?? null }
        : toCardView(row, lang),
    ),
    total,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

/** From the card tally when it holds exactly these cards (card-tally.ts); otherwise counted. */
async function countCards(
  db: Executor,
  where: SQL,
  holders: TallyHolders,
  input: CardListInput,
): Promise<number> {
  const bucket = tallyBucket(input);
  if (bucket) return readTally(db, holders, bucket);
  const [row] = await db.select({ total: count() }).from(cards).where(where);
  return row?.total ?? 0;
}
