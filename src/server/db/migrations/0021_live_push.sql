CREATE TABLE "push_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"session_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"show_code" boolean DEFAULT false NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_queue_due_idx" ON "push_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_account_idx" ON "push_subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
-- Live events (issue 18 §1). Every change a signed-in screen shows sends a NOTIFY on `live_events`
-- from the transaction that makes it, so a listener hears of it only once it commits, from whichever
-- server process made it. The payload names the account and the kind of data, never the data itself
-- (the client refetches through the API, which checks permissions). Identical payloads within one
-- transaction are delivered once, so a batch of 500 cards is one `cards` event.
CREATE FUNCTION live_notify(p_account text, p_kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_account IS NOT NULL THEN
    PERFORM pg_notify('live_events', json_build_object('a', p_account, 'k', p_kind)::text);
  END IF;
END $$;
--> statement-breakpoint
-- A push is queued only for an account with a subscribed device; the NOTIFY wakes the drains at once.
CREATE FUNCTION live_push(p_account text, p_kind text, p_ref text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM push_subscriptions WHERE account_id = p_account) THEN
    INSERT INTO push_queue (account_id, kind, ref_id) VALUES (p_account, p_kind, p_ref);
    PERFORM pg_notify('live_events', '{"k":"push"}');
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION live_ledger_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'wallet' THEN
    PERFORM live_notify(NEW.account_id, 'wallet');
  ELSIF NEW.kind = 'card' THEN
    PERFORM live_notify((SELECT account_id FROM cards WHERE id = substr(NEW.code, 6)), 'cards');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_live AFTER UPDATE OF balance ON ledger_accounts
  FOR EACH ROW WHEN (OLD.balance IS DISTINCT FROM NEW.balance) EXECUTE FUNCTION live_ledger_account();
--> statement-breakpoint
CREATE FUNCTION live_topup_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.account_id, 'orders');
  IF NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status <> 'paid') THEN
    PERFORM live_push(NEW.account_id, 'topup', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topup_orders_live AFTER INSERT OR UPDATE ON topup_orders
  FOR EACH ROW EXECUTE FUNCTION live_topup_order();
--> statement-breakpoint
CREATE FUNCTION live_forecast() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.account_id, 'forecasts');
  IF TG_OP = 'UPDATE' AND NEW.status <> OLD.status AND NEW.status IN ('approved', 'rejected') THEN
    PERFORM live_push(NEW.account_id, 'forecast', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topup_forecasts_live AFTER INSERT OR UPDATE ON topup_forecasts
  FOR EACH ROW EXECUTE FUNCTION live_forecast();
--> statement-breakpoint
CREATE FUNCTION live_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM live_notify(OLD.account_id, 'cards');
  ELSE
    PERFORM live_notify(NEW.account_id, 'cards');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cards_live AFTER INSERT OR UPDATE OR DELETE ON cards
  FOR EACH ROW EXECUTE FUNCTION live_card();
--> statement-breakpoint
CREATE FUNCTION live_authorization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.account_id, 'cards');
  IF NEW.status = 'declined' AND (TG_OP = 'INSERT' OR OLD.status <> 'declined') THEN
    PERFORM live_push(NEW.account_id, 'decline', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_authorizations_live AFTER INSERT OR UPDATE ON card_authorizations
  FOR EACH ROW EXECUTE FUNCTION live_authorization();
--> statement-breakpoint
CREATE FUNCTION live_otp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.account_id, 'otp');
  PERFORM live_push(NEW.account_id, 'otp', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_otps_live AFTER INSERT ON card_otps
  FOR EACH ROW EXECUTE FUNCTION live_otp();
--> statement-breakpoint
-- Notices are for everyone: `*` reaches every stream.
CREATE FUNCTION live_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify('*', 'notices');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notices_live AFTER INSERT OR UPDATE OR DELETE ON notices
  FOR EACH STATEMENT EXECUTE FUNCTION live_notice();
--> statement-breakpoint
-- A session that ends closes its streams and loses its push subscriptions, in the same transaction.
CREATE FUNCTION live_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_id = NEW.id;
  PERFORM pg_notify('live_events', json_build_object('s', NEW.id, 'k', 'session')::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_live AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION live_session_end();
