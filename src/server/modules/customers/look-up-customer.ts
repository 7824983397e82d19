/**
 * The console's customer look-up (issue 31 §2), read only: find customers by sign-in address or id,
 * and one customer's profile, verification level, wallets, cards and recent ledger rows. Cards come
 * without their secrets: the sealed number, CVV and PIN are never selected here, only the serial and
 * the last four digits a customer sees in their own list.
 */
import { and, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, cards, ledgerAccounts, ledgerEntries } from '../../db/schema';
import { fail } from '../../lib/errors';
import { identityLevelOf } from '../identity/identity-level';

export const RECENT_LEDGER_ROWS = 20;
export const SEARCH_ROWS = 20;
export const CARD_ROWS = 100;

export interface CustomerHit {
  id: string;
  email: string;
  nickname: string | null;
  status: 'active' | 'frozen' | 'cancelled';
  createdAt: string;
}

export interface CustomerDetail {
  profile: CustomerHit & {
    mobile: string | null;
    accountType: 'business' | 'personal';
    planCode: string;
    lang: string;
    frozenReason: string | null;
    frozenAt: string | null;
  };
  verification: string;
  wallets: { currency: string; balance: number }[];
  cards: {
    id: string;
    serial: string;
    last4: string;
    segmentId: string;
    currency: string;
    status: string;
    balance: number;
    label: string | null;
    createdAt: string;
  }[];
  ledger: {
    id: number;
    transactionId: string;
    currency: string;
    amount: number;
    balanceAfter: number;
    type: string;
    description: string;
    cardSerial: string | null;
    createdAt: string;
  }[];
}

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Customers whose address contains the text, or whose id is the text; at most SEARCH_ROWS. */
export async function searchCustomers(ctx: AppContext, query: string): Promise<CustomerHit[]> {
  const text = query.trim();
  if (text === '') return [];
  const rows = await ctx.database.db
    .select({
      id: accounts.id,
      email: accounts.email,
      nickname: accounts.nickname,
      status: accounts.status,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(or(eq(accounts.id, text), ilike(accounts.email, containing(text.toLowerCase()))))
    .orderBy(accounts.email)
    .limit(SEARCH_ROWS);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function lookUpCustomer(ctx: AppContext, accountId: string): Promise<CustomerDetail> {
  const db = ctx.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw fail.rule('server:operatorContent.customers.notFound');
  const [verification, wallets, cardRows, ledger] = await Promise.all([
    identityLevelOf(db, accountId, ctx.now()),
    db
      .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.accountId, accountId), eq(ledgerAccounts.kind, 'wallet')))
      .orderBy(ledgerAccounts.currency),
    db
      .select({
        id: cards.id,
        serial: cards.serial,
        last4: cards.last4,
        segmentId: cards.segmentId,
        currency: cards.currency,
        status: cards.status,
        balance: cards.balance,
        label: cards.label,
        createdAt: cards.createdAt,
      })
      .from(cards)
      .where(and(eq(cards.accountId, accountId), isNull(cards.deletedAt)))
      .orderBy(desc(cards.createdAt))
      .limit(CARD_ROWS),
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        currency: ledgerEntries.currency,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        type: ledgerEntries.type,
        description: ledgerEntries.description,
        cardSerial: ledgerEntries.cardSerial,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(RECENT_LEDGER_ROWS),
  ]);
  return {
    profile: {
      id: account.id,
      email: account.email,
      nickname: account.nickname,
      mobile: account.mobile,
      accountType: account.accountType,
      status: account.status,
      planCode: account.planCode,
      lang: account.lang,
      frozenReason: account.frozenReason,
      frozenAt: account.frozenAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
    },
    verification,
    wallets,
    cards: cardRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    ledger: ledger.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
