CREATE TABLE "card_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer_auth_id" text NOT NULL,
	"card_id" text NOT NULL,
	"account_id" text NOT NULL,
	"sub_account_id" text,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_category" text DEFAULT '' NOT NULL,
	"merchant_country" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_authorizations_refunded_check" CHECK ("card_authorizations"."refunded" >= 0 AND "card_authorizations"."refunded" <= "card_authorizations"."amount")
);
--> statement-breakpoint
CREATE TABLE "card_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"account_id" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"ip" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_otps" (
	"id" text PRIMARY KEY NOT NULL,
	"card_id" text NOT NULL,
	"account_id" text NOT NULL,
	"code" text NOT NULL,
	"merchant_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_segments" (
	"id" text PRIMARY KEY NOT NULL,
	"bin" text NOT NULL,
	"network" text NOT NULL,
	"currency" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"open_fee" bigint NOT NULL,
	"recharge_fee_bp" integer NOT NULL,
	"min_first_recharge" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"merchants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"account_id" text NOT NULL,
	"sub_account_id" text,
	"segment_id" text NOT NULL,
	"currency" text NOT NULL,
	"issuer_ref" text NOT NULL,
	"last4" text NOT NULL,
	"secrets" text NOT NULL,
	"ledger_account_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"frozen_by" text,
	"spent" bigint DEFAULT 0 NOT NULL,
	"label" text,
	"holder_first_name" text NOT NULL,
	"holder_last_name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"discount_bp" integer NOT NULL,
	"available_times" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_available_times_check" CHECK ("coupons"."available_times" >= 0)
);
--> statement-breakpoint
CREATE TABLE "risk_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_balance_check";--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_batches" ADD CONSTRAINT "card_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_otps" ADD CONSTRAINT "card_otps_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_segment_id_card_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."card_segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_issuer_key" ON "card_authorizations" USING btree ("issuer_auth_id");--> statement-breakpoint
CREATE INDEX "card_authorizations_account_idx" ON "card_authorizations" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "card_authorizations_card_idx" ON "card_authorizations" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_batches_account_idx" ON "card_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "card_events_card_idx" ON "card_events" USING btree ("card_id","id");--> statement-breakpoint
CREATE INDEX "card_otps_account_idx" ON "card_otps" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "card_otps_card_idx" ON "card_otps" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_serial_key" ON "cards" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_issuer_ref_key" ON "cards" USING btree ("issuer_ref");--> statement-breakpoint
CREATE INDEX "cards_account_created_idx" ON "cards" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cards_account_last4_idx" ON "cards" USING btree ("account_id","last4");--> statement-breakpoint
CREATE INDEX "cards_batch_idx" ON "cards" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_number_key" ON "coupons" USING btree ("number");--> statement-breakpoint
CREATE INDEX "coupons_account_idx" ON "coupons" USING btree ("account_id","expires_at");--> statement-breakpoint
CREATE INDEX "risk_events_account_idx" ON "risk_events" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_balance_check" CHECK ("ledger_accounts"."kind" NOT IN ('wallet', 'card') OR "ledger_accounts"."balance" >= 0);--> statement-breakpoint
-- Demo and default card segments (reference data, like the plans). Fees in USD cents.
INSERT INTO "card_segments" ("id", "bin", "network", "currency", "name_zh", "name_en", "open_fee", "recharge_fee_bp", "min_first_recharge", "status", "merchants", "sort") VALUES
  ('visa-485932', '485932', 'visa', 'USD', 'Visa 485932 · 广告投放', 'Visa 485932 · Advertising', 300, 150, 1000, 'open', '["facebook","meta","google ads","tiktok ads","bing ads","twitter ads"]', 10),
  ('mc-531993', '531993', 'mastercard', 'USD', 'Mastercard 531993 · 电商采购', 'Mastercard 531993 · E-commerce', 200, 120, 2000, 'open', '["amazon","shopify","aliexpress","ebay","walmart","etsy"]', 20),
  ('visa-428837', '428837', 'visa', 'USD', 'Visa 428837 · 订阅服务', 'Visa 428837 · Subscriptions', 100, 100, 500, 'open', '["netflix","spotify","openai","apple","google play","github","notion","zoom"]', 30),
  ('mc-556766', '556766', 'mastercard', 'USD', 'Mastercard 556766 · 差旅出行', 'Mastercard 556766 · Travel', 500, 200, 5000, 'open', '["airbnb","booking","expedia","uber","agoda","trip.com"]', 40),
  ('visa-441112', '441112', 'visa', 'USD', 'Visa 441112 · 云服务', 'Visa 441112 · Cloud services', 200, 100, 1000, 'maintenance', '["aws","azure","google cloud","digitalocean","cloudflare","alibaba cloud"]', 50)
ON CONFLICT ("id") DO NOTHING;
