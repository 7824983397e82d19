CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'wallet' NOT NULL,
	"account_id" text,
	"code" text,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_wallet_balance_check" CHECK ("ledger_accounts"."kind" <> 'wallet' OR "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'wallet' AND "ledger_accounts"."account_id" IS NOT NULL AND "ledger_accounts"."code" IS NULL) OR ("ledger_accounts"."kind" <> 'wallet' AND "ledger_accounts"."account_id" IS NULL AND "ledger_accounts"."code" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"ledger_account_id" text NOT NULL,
	"account_id" text,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"card_serial" text,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reverses_id" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_events" (
	"id" text PRIMARY KEY NOT NULL,
	"forecast_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"order_id" text,
	"event_id" text,
	"signature_valid" boolean NOT NULL,
	"outcome" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_forecasts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_account" text NOT NULL,
	"bank_area" text NOT NULL,
	"bank_name" text NOT NULL,
	"transfer_date" text NOT NULL,
	"bank_txn_no" text NOT NULL,
	"description" text,
	"proof_file_id" text NOT NULL,
	"reject_reason" text,
	"ledger_transaction_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"channel" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"payload" text NOT NULL,
	"deep_link" text,
	"address" text,
	"card_last4" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirm_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"channel_txn_id" text,
	"ledger_transaction_id" text,
	"failure_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"code" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
-- The wallets of existing accounts move into the ledger (they were all at zero before the ledger).
INSERT INTO "ledger_accounts" ("id", "kind", "account_id", "code", "currency", "balance", "created_at")
  SELECT "id", 'wallet', "account_id", NULL, "currency", "balance", "created_at" FROM "wallet_accounts";--> statement-breakpoint
DROP TABLE "wallet_accounts" CASCADE;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_events" ADD CONSTRAINT "forecast_events_forecast_id_topup_forecasts_id_fk" FOREIGN KEY ("forecast_id") REFERENCES "public"."topup_forecasts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_forecasts" ADD CONSTRAINT "topup_forecasts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_currency_key" ON "ledger_accounts" USING btree ("account_id","currency") WHERE "ledger_accounts"."kind" = 'wallet';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("ledger_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_flow_idx" ON "ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reverses_key" ON "ledger_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "forecast_events_forecast_idx" ON "forecast_events" USING btree ("forecast_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_event_idx" ON "payment_callbacks" USING btree ("channel","event_id");--> statement-breakpoint
CREATE INDEX "topup_forecasts_account_idx" ON "topup_forecasts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_forecasts_idempotency_key" ON "topup_forecasts" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_orders_address_key" ON "topup_orders" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_orders_idempotency_key" ON "topup_orders" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "topup_orders_account_idx" ON "topup_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "topup_orders_open_idx" ON "topup_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_account_id","created_at");