DROP INDEX "cards_account_created_idx";--> statement-breakpoint
CREATE INDEX "cards_account_created_idx" ON "cards" USING btree ("account_id","created_at","serial","id");