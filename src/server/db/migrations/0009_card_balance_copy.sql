-- card/page filters and counts cards by balance (issue 5: p99 ≤ 50 ms with 10,000 cards). The
-- balance lives in the card's ledger account, so the filter had to join every candidate card to it;
-- a copy on the card row, indexed with the owner, answers from the index instead. Triggers keep the
-- copy in the same transaction as every movement, whichever code path moves the money.
ALTER TABLE "cards" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cards_account_balance_idx" ON "cards" USING btree ("account_id","balance");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_ledger_account_key" ON "cards" USING btree ("ledger_account_id");--> statement-breakpoint
UPDATE "cards" SET "balance" = la."balance" FROM "ledger_accounts" la WHERE la."id" = "cards"."ledger_account_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION card_balance_follow_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cards" SET "balance" = NEW."balance" WHERE "ledger_account_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_card_balance AFTER UPDATE OF "balance" ON "ledger_accounts"
  FOR EACH ROW WHEN (NEW."kind" = 'card' AND NEW."balance" IS DISTINCT FROM OLD."balance")
  EXECUTE FUNCTION card_balance_follow_ledger();--> statement-breakpoint
-- A card row written after its account already holds money starts from that balance, not from 0.
CREATE OR REPLACE FUNCTION card_balance_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."balance" := COALESCE((SELECT "balance" FROM "ledger_accounts" WHERE "id" = NEW."ledger_account_id"), 0);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cards_balance_on_insert BEFORE INSERT OR UPDATE OF "balance", "ledger_account_id" ON "cards"
  FOR EACH ROW EXECUTE FUNCTION card_balance_from_ledger();
