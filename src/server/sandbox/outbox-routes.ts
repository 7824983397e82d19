/** GET /sandbox/outbox?to=EMAIL: the mails the outbox provider "sent" there, newest first (demo only). */
import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { settleMailQueue } from '../lib/mail-queue';

export function registerOutboxRoutes(app: Hono, ctx: AppContext): void {
  app.get('/sandbox/outbox', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    if (!to) return c.json({ error: 'to is required' }, 400);
    // Signed-out code mails are sent after the answer (lib/mail-queue.ts): show them once sent.
    await settleMailQueue(ctx);
    const rows = await ctx.database.db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return c.json(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
  });
}
