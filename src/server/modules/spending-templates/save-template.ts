/**
 * `spending/template/list`, `save`, `remove` (issue 33 §3). Templates are the customer's: the main
 * account and its members share them, as they share tags; the role decides who may change them
 * (the endpoints' permission). A taken name is 409, the TEMPLATES_MAX-th + 1 template 422.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { CardSpendRules } from '../../../contract/spending';
import type { SpendingTemplateView } from '../../../contract/spending-templates';
import { TEMPLATES_MAX } from '../../../contract/spending-templates';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/client';
import { accounts, spendingTemplates } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { nameKey } from '../../lib/name-key';
import type { CardOwner } from '../cards/card-access';
import { actorTag } from '../cards/card-access';

type TemplateRow = typeof spendingTemplates.$inferSelect;

function viewOf(row: TemplateRow): SpendingTemplateView {
  return {
    id: row.id,
    name: row.name,
    rules: row.rules,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function templateNotFound() {
  return fail.rule('server:spendingTemplates.templateNotFound');
}

export async function listTemplates(ctx: AppContext, owner: CardOwner): Promise<SpendingTemplateView[]> {
  const rows = await ctx.database.db
    .select()
    .from(spendingTemplates)
    .where(eq(spendingTemplates.accountId, owner.accountId))
    .orderBy(asc(spendingTemplates.nameKey), asc(spendingTemplates.id));
  return rows.map(viewOf);
}

/** The customer's template, or a 404-like refusal (another customer's id answers the same). */
export async function findTemplate(
  ctx: AppContext,
  owner: CardOwner,
  id: string,
): Promise<SpendingTemplateView> {
  const [row] = await ctx.database.db
    .select()
    .from(spendingTemplates)
    .where(and(eq(spendingTemplates.id, id), eq(spendingTemplates.accountId, owner.accountId)));
  if (!row) throw templateNotFound();
  return viewOf(row);
}

export async function saveTemplate(
  ctx: AppContext,
  owner: CardOwner,
  input: { id?: string | undefined; name: string; rules: CardSpendRules },
): Promise<SpendingTemplateView> {
  const now = ctx.now();
  const fields = {
    name: input.name,
    nameKey: nameKey(input.name),
    rules: input.rules,
    savedBy: actorTag(owner),
  };
  try {
    return await inTransaction(ctx.database.db, async (tx) => {
      if (input.id) {
        const [row] = await tx
          .update(spendingTemplates)
          .set({ ...fields, updatedAt: now })
          .where(and(eq(spendingTemplates.id, input.id), eq(spendingTemplates.accountId, owner.accountId)))
          .returning();
        if (!row) throw templateNotFound();
        return viewOf(row);
      }
      // The account row lock makes "at most TEMPLATES_MAX" hold when two saves race.
      await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.id, owner.accountId))
        .for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(spendingTemplates)
        .where(eq(spendingTemplates.accountId, owner.accountId));
      if ((held?.n ?? 0) >= TEMPLATES_MAX)
        throw fail.rule('server:spendingTemplates.tooManyTemplates', { max: TEMPLATES_MAX });
      const [row] = await tx
        .insert(spendingTemplates)
        .values({ id: newId(), accountId: owner.accountId, ...fields, createdAt: now, updatedAt: now })
        .returning();
      return viewOf(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('server:spendingTemplates.templateNameTaken');
    throw error;
  }
}

export async function removeTemplate(ctx: AppContext, owner: CardOwner, id: string): Promise<null> {
  const removed = await ctx.database.db
    .delete(spendingTemplates)
    .where(and(eq(spendingTemplates.id, id), eq(spendingTemplates.accountId, owner.accountId)))
    .returning({ id: spendingTemplates.id });
  if (removed.length === 0) throw templateNotFound();
  return null;
}
