-- The `account` live kind (issue 18 §1): what GET /api/user/info answers changed for an account or
-- one of its members, so every open tab of the account re-reads its own user info and the session
-- atoms follow (permissions, status, Google Authenticator, identity verification). The event names
-- the account only: members' sessions belong to their owner's account, and each client re-reads its
-- own info through the API. Only the columns user info (or the identity page) shows count: a
-- sign-in's bookkeeping (failed passwords, last step, last sign-in) sends nothing.
CREATE FUNCTION live_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.id, 'account');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_live AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (
    (OLD.email, OLD.nickname, OLD.mobile, OLD.account_type, OLD.status, OLD.plan_code, OLD.sub_switch,
      OLD.google_secret IS NULL)
    IS DISTINCT FROM
    (NEW.email, NEW.nickname, NEW.mobile, NEW.account_type, NEW.status, NEW.plan_code, NEW.sub_switch,
      NEW.google_secret IS NULL)
  ) EXECUTE FUNCTION live_account();
--> statement-breakpoint
-- A member's status (frozen, unfrozen, password chosen), role, validity, limits or profile.
CREATE FUNCTION live_sub_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify(NEW.account_id, 'account');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sub_accounts_live AFTER UPDATE ON sub_accounts
  FOR EACH ROW WHEN (
    (OLD.status, OLD.role_id, OLD.valid_until, OLD.email, OLD.nickname, OLD.mobile, OLD.cny_recharge_limit,
      OLD.usd_recharge_limit, OLD.usd_spend_limit, OLD.expiry_policy)
    IS DISTINCT FROM
    (NEW.status, NEW.role_id, NEW.valid_until, NEW.email, NEW.nickname, NEW.mobile, NEW.cny_recharge_limit,
      NEW.usd_recharge_limit, NEW.usd_spend_limit, NEW.expiry_policy)
  ) EXECUTE FUNCTION live_sub_account();
--> statement-breakpoint
-- A role's keys or name: its members' rights (and the role name they see) changed.
CREATE TRIGGER sub_roles_live AFTER UPDATE ON sub_roles
  FOR EACH ROW WHEN ((OLD.permissions, OLD.name) IS DISTINCT FROM (NEW.permissions, NEW.name))
  EXECUTE FUNCTION live_sub_account();
--> statement-breakpoint
-- Identity verification submitted, decided or expired (a draft's saves change no status).
CREATE FUNCTION live_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    PERFORM live_notify(NEW.account_id, 'account');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER identity_orders_live AFTER INSERT OR UPDATE ON identity_orders
  FOR EACH ROW EXECUTE FUNCTION live_identity();
--> statement-breakpoint
-- The session signal now says why the session ended (its revocation reason, a fixed code such as
-- `sub-frozen`), so the tab can tell its user. Still no data: the reason is the session's own.
CREATE OR REPLACE FUNCTION live_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_id = NEW.id;
  PERFORM pg_notify('live_events', json_build_object('s', NEW.id, 'k', 'session', 'r', NEW.revoked_reason)::text);
  RETURN NULL;
END $$;
