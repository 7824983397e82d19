CREATE TABLE "agent_balances" (
	"account_id" text NOT NULL,
	"currency" text NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"in_payout" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"withdrawn" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_balances_account_id_currency_pk" PRIMARY KEY("account_id","currency"),
	CONSTRAINT "agent_balances_not_negative" CHECK ("agent_balances"."pending" >= 0 AND "agent_balances"."available" >= 0 AND "agent_balances"."in_payout" >= 0 AND "agent_balances"."owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_bank_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"holder" text NOT NULL,
	"bank" text NOT NULL,
	"number_sealed" text NOT NULL,
	"number_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_commissions" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_account_id" text NOT NULL,
	"invitee_account_id" text NOT NULL,
	"event_id" bigint NOT NULL,
	"source_transaction_id" text NOT NULL,
	"fee_type" text NOT NULL,
	"plan_code" text NOT NULL,
	"currency" text NOT NULL,
	"fee_amount" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"accrued_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"clawed_back_at" timestamp with time zone,
	"accrual_transaction_id" text NOT NULL,
	"release_transaction_id" text,
	"clawback_transaction_id" text,
	CONSTRAINT "agent_commissions_amount_check" CHECK ("agent_commissions"."amount" > 0 AND "agent_commissions"."fee_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "agent_fee_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_transaction_id" text NOT NULL,
	"invitee_account_id" text NOT NULL,
	"agent_account_id" text NOT NULL,
	"fee_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"target" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"status" text NOT NULL,
	"bank_card_id" text,
	"bank_name" text,
	"card_masked" text,
	"failure_reason" text,
	"idempotency_key" text,
	"request_transaction_id" text NOT NULL,
	"settle_transaction_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_withdrawals_amounts_check" CHECK ("agent_withdrawals"."amount" > 0 AND "agent_withdrawals"."fee" >= 0 AND "agent_withdrawals"."net" = "agent_withdrawals"."amount" - "agent_withdrawals"."fee")
);
--> statement-breakpoint
ALTER TABLE "agent_balances" ADD CONSTRAINT "agent_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bank_cards" ADD CONSTRAINT "agent_bank_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_account_id_accounts_id_fk" FOREIGN KEY ("agent_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_invitee_account_id_accounts_id_fk" FOREIGN KEY ("invitee_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_withdrawals" ADD CONSTRAINT "agent_withdrawals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_bank_cards_number_key" ON "agent_bank_cards" USING btree ("account_id","number_hash") WHERE "agent_bank_cards"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commissions_event_key" ON "agent_commissions" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commissions_source_key" ON "agent_commissions" USING btree ("source_transaction_id","fee_type");--> statement-breakpoint
CREATE INDEX "agent_commissions_agent_idx" ON "agent_commissions" USING btree ("agent_account_id","accrued_at");--> statement-breakpoint
CREATE INDEX "agent_commissions_due_idx" ON "agent_commissions" USING btree ("available_at") WHERE "agent_commissions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_fee_events_entry_key" ON "agent_fee_events" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "agent_fee_events_source_idx" ON "agent_fee_events" USING btree ("source_transaction_id");--> statement-breakpoint
CREATE INDEX "agent_fee_events_open_idx" ON "agent_fee_events" USING btree ("id") WHERE "agent_fee_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_withdrawals_idempotency_key" ON "agent_withdrawals" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "agent_withdrawals_account_idx" ON "agent_withdrawals" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_withdrawals_open_idx" ON "agent_withdrawals" USING btree ("created_at") WHERE "agent_withdrawals"."status" = 'requested';--> statement-breakpoint

-- The agent programme's outbox (schema/agent.ts): a fee credited to the `topup`, `card_open` or
-- `card_recharge` fee income account by a customer who was invited writes an `agent_fee_events` row
-- in the same transaction as the fee, so no commission can be missed or invented by a crash between
-- the two; a reversal of such a fee writes a `refund` row naming the reversed transaction. Only house
-- legs of fee types fire the function (the WHEN clause), so other movements pay nothing for it.
-- A self-invitation (an account whose inviter is itself) earns nothing.
CREATE OR REPLACE FUNCTION agent_note_fee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_account record;
  v_fee_type text;
  v_txn record;
  v_agent text;
  v_kind text;
  v_source text;
BEGIN
  SELECT kind, code INTO v_account FROM ledger_accounts WHERE id = NEW.ledger_account_id;
  IF v_account.kind IS DISTINCT FROM 'fee_income' THEN RETURN NULL; END IF;
  v_fee_type := split_part(v_account.code, ':', 2);
  IF v_fee_type NOT IN ('topup', 'card_open', 'card_recharge') THEN RETURN NULL; END IF;
  SELECT account_id, reverses_id INTO v_txn FROM ledger_transactions WHERE id = NEW.transaction_id;
  IF v_txn.account_id IS NULL THEN RETURN NULL; END IF;
  SELECT invited_by INTO v_agent FROM accounts WHERE id = v_txn.account_id;
  IF v_agent IS NULL OR v_agent = v_txn.account_id THEN RETURN NULL; END IF;
  IF NEW.amount > 0 AND v_txn.reverses_id IS NULL THEN
    v_kind := 'fee';
    v_source := NEW.transaction_id;
  ELSIF NEW.amount < 0 AND v_txn.reverses_id IS NOT NULL THEN
    v_kind := 'refund';
    v_source := v_txn.reverses_id;
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO agent_fee_events (ledger_entry_id, kind, source_transaction_id, invitee_account_id,
                                agent_account_id, fee_type, currency, amount, created_at)
  VALUES (NEW.id, v_kind, v_source, v_txn.account_id, v_agent, v_fee_type, NEW.currency, abs(NEW.amount),
          NEW.created_at);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_agent_fees AFTER INSERT ON ledger_entries FOR EACH ROW
  WHEN (NEW.account_id IS NULL AND NEW.type IN ('fee', 'card_open_fee', 'card_recharge_fee', 'reversal:fee',
                                                 'reversal:card_open_fee', 'reversal:card_recharge_fee'))
  EXECUTE FUNCTION agent_note_fee();
