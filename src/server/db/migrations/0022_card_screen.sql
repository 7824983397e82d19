DROP INDEX "cards_account_created_idx";--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "original_amount" bigint;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "cards_account_created_idx" ON "cards" USING btree ("account_id","created_at","serial","id");