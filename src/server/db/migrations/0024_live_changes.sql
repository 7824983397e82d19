-- Live events without NOTIFY (issue 19 §1). A transaction that NOTIFYs takes one lock for the whole
-- database while it commits (PostgreSQL serialises every notifying commit, WAL flush included), so
-- with the live triggers of migrations 0021 and 0023 in every confirmation the money path committed
-- one transaction at a time: p99 near a second at a third of pgbench's rate, waiting on `Lock:object`
-- and `IO:WALSync` (docs/benchmarks.md). The triggers now write a row here instead, in the same
-- transaction, and each server process reads the rows of the topics it serves (modules/live/live-hub.ts).
--
-- A row is (the writing transaction's id, topic, kind): the topic is an account id, `*` for every
-- stream and process (notices, a queued push), or `session:<id>` (the session ended; `detail` says
-- why). The key makes a kind once per transaction and topic, so a batch of 500 cards is one row.
-- Readers never compare times: they ask for rows of transactions at or after the oldest transaction
-- still running when they last read (`pg_snapshot_xmin`), so a transaction that commits late is read
-- on the next pass, however long it ran. UNLOGGED: the rows announce, they are not the record — a
-- crash empties the table, which clients survive (they refetch everything after each reconnect), and
-- no WAL is written for them on the money path. The `live-changes` job deletes rows older than ten
-- minutes.
CREATE UNLOGGED TABLE live_changes (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  topic text NOT NULL,
  kind text NOT NULL,
  detail text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (xid, topic, kind)
);
--> statement-breakpoint
CREATE INDEX live_changes_created_idx ON live_changes (created_at);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_notify(p_account text, p_kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_account IS NOT NULL THEN
    INSERT INTO live_changes (topic, kind) VALUES (p_account, p_kind) ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- A push is queued only for an account with a subscribed device; the `*` row wakes every process's drain.
CREATE OR REPLACE FUNCTION live_push(p_account text, p_kind text, p_ref text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM push_subscriptions WHERE account_id = p_account) THEN
    INSERT INTO push_queue (account_id, kind, ref_id) VALUES (p_account, p_kind, p_ref);
    INSERT INTO live_changes (topic, kind) VALUES ('*', 'push') ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION live_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_id = NEW.id;
  INSERT INTO live_changes (topic, kind, detail) VALUES ('session:' || NEW.id, 'session', NEW.revoked_reason)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
