-- The financial breakdown filters by type and currency and counts its total: carrying those two
-- columns in the flow index lets both be answered from the index alone (measured: flowPage p99
-- 88 ms -> 39 ms with 100,000 rows on one account). Card-serial filters get their own index.
-- Declared here, not in schema/wallet.ts: drizzle cannot declare INCLUDE columns.
DROP INDEX IF EXISTS "ledger_entries_owner_flow_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_flow_idx" ON "ledger_entries" ("account_id", "created_at", "id") INCLUDE ("type", "currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_card_idx" ON "ledger_entries" ("account_id", "card_serial", "created_at", "id")
  WHERE "card_serial" IS NOT NULL;
