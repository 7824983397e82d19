CREATE TABLE "channel_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "channel_deliveries_attempts_check" CHECK ("channel_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messenger_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_sub_account_id" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"secret" text,
	"target_hint" text NOT NULL,
	"events" text[] NOT NULL,
	"card_scope" text DEFAULT 'all' NOT NULL,
	"card_group_id" text,
	"scope_sub_account_id" text,
	"show_code" boolean DEFAULT false NOT NULL,
	"low_balance" bigint,
	"lang" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_channel_id_messenger_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messenger_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_channels" ADD CONSTRAINT "messenger_channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_deliveries_due_idx" ON "channel_deliveries" USING btree ("next_attempt_at") WHERE "channel_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "channel_deliveries_channel_idx" ON "channel_deliveries" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "messenger_channels_account_idx" ON "messenger_channels" USING btree ("account_id");--> statement-breakpoint
-- Messenger channels hear the same events as Web Push (issue 32 §3): live_push, called by the
-- triggers of migration 0021 for a 3-D Secure code, a decline, a credited top-up and a decided
-- forecast, now also queues one delivery per enabled channel of the account that chose the event, in
-- the transaction of the change (so only committed events are sent). The `*` push row wakes every
-- process's drain at once (modules/channels/deliver-channels.ts); the scope (which cards, a member's
-- cards) is applied when sending.
CREATE FUNCTION channel_enqueue(p_account text, p_kind text, p_ref text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_deliveries (channel_id, account_id, kind, ref_id)
    SELECT id, account_id, p_kind, p_ref FROM messenger_channels
    WHERE account_id = p_account AND enabled AND p_kind = ANY (events);
  IF FOUND THEN
    INSERT INTO live_changes (topic, kind) VALUES ('*', 'push') ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_push(p_account text, p_kind text, p_ref text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM push_subscriptions WHERE account_id = p_account) THEN
    INSERT INTO push_queue (account_id, kind, ref_id) VALUES (p_account, p_kind, p_ref);
    INSERT INTO live_changes (topic, kind) VALUES ('*', 'push') ON CONFLICT DO NOTHING;
  END IF;
  PERFORM channel_enqueue(p_account, p_kind, p_ref);
END $$;
--> statement-breakpoint
-- Low balance: a wallet or card balance that falls below a channel's threshold (crossing it, so a
-- balance that stays low does not repeat the message on every spend). `ref_id` is the ledger account.
CREATE FUNCTION channel_low_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_account text;
BEGIN
  IF NEW.kind = 'wallet' THEN
    v_account := NEW.account_id;
  ELSE
    SELECT account_id INTO v_account FROM cards WHERE id = substr(NEW.code, 6);
  END IF;
  IF v_account IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO channel_deliveries (channel_id, account_id, kind, ref_id)
    SELECT id, account_id, 'low_balance', NEW.id FROM messenger_channels
    WHERE account_id = v_account AND enabled AND 'low_balance' = ANY (events)
      AND low_balance IS NOT NULL AND OLD.balance >= low_balance AND NEW.balance < low_balance;
  IF FOUND THEN
    INSERT INTO live_changes (topic, kind) VALUES ('*', 'push') ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_channels AFTER UPDATE OF balance ON ledger_accounts
  FOR EACH ROW WHEN (NEW.balance < OLD.balance AND NEW.kind IN ('wallet', 'card'))
  EXECUTE FUNCTION channel_low_balance();
