-- Rules of the ledger that the database keeps even if application code were wrong.

-- 1. Append-only: transactions and entries are never changed or removed; corrections are
--    reversing movements.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint

-- 2. Double entry: at commit, the entries of every transaction touched net to zero per currency.
--    Deferred, so a movement may insert its legs one by one.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT currency INTO unbalanced FROM "ledger_entries"
    WHERE transaction_id = NEW.transaction_id
    GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not net to zero in %', NEW.transaction_id, unbalanced
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();--> statement-breakpoint

-- 3. An entry belongs to its ledger account's currency and owner.
CREATE OR REPLACE FUNCTION ledger_check_entry_account() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  acc record;
BEGIN
  SELECT currency, account_id INTO acc FROM "ledger_accounts" WHERE id = NEW.ledger_account_id;
  IF acc.currency <> NEW.currency OR acc.account_id IS DISTINCT FROM NEW.account_id THEN
    RAISE EXCEPTION 'ledger entry does not match its account %', NEW.ledger_account_id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_match_account BEFORE INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_account();
