-- The card tally (issue 19): the totals of the card list filtered by "no group" or a tag, and
-- unfiltered, kept as rows of changes so the list need not count (schema/card-tally.ts).
CREATE TABLE "card_tally" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"sub_account_id" text,
	"bucket" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "card_tally_account_bucket_idx" ON "card_tally" USING btree ("account_id","bucket","sub_account_id");
--> statement-breakpoint
-- The card tally's triggers (schema/card-tally.ts). Each statement adds one row per (account, holder,
-- bucket) it changed, from its transition table, so a batch of 500 cards is two rows, not a thousand.
-- A card is in `all` from its insert; in `none` from its insert until a group membership names it and
-- again once none does; in `tag:<id>` while card_tags pairs them. The insert and delete triggers of a
-- table share one function: both name their transition table `changed`, and TG_OP gives the sign.
-- Deleting a card row (tests and purges only: the product deletes by status) takes it out of `all`
-- and `none`: a card still in a group cannot be deleted, card_group_members references it.
CREATE FUNCTION card_tally_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
    SELECT c.account_id, c.sub_account_id, b.bucket, CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*)
    FROM changed c CROSS JOIN (VALUES ('all'), ('none')) AS b (bucket)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cards_tally_added AFTER INSERT ON cards
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION card_tally_cards();
--> statement-breakpoint
CREATE TRIGGER cards_tally_removed AFTER DELETE ON cards
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION card_tally_cards();
--> statement-breakpoint
-- A card changing holder (a member's expiry moving their cards to the main account) takes every bucket
-- it is in from the old holder to the new. Rare, so one row trigger per card is enough.
CREATE FUNCTION card_tally_holder_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
    SELECT h.account_id, h.sub_account_id, b.bucket, h.delta
    FROM (VALUES (OLD.account_id, OLD.sub_account_id, -1), (NEW.account_id, NEW.sub_account_id, 1))
      AS h (account_id, sub_account_id, delta)
    CROSS JOIN (
      SELECT 'all'
      UNION ALL
      SELECT 'none' WHERE NOT EXISTS (SELECT 1 FROM card_group_members m WHERE m.card_id = NEW.id)
      UNION ALL
      SELECT 'tag:' || t.tag_id FROM card_tags t WHERE t.card_id = NEW.id
    ) AS b (bucket);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cards_tally_holder AFTER UPDATE OF account_id, sub_account_id ON cards FOR EACH ROW
  WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.sub_account_id IS DISTINCT FROM NEW.sub_account_id)
  EXECUTE FUNCTION card_tally_holder_moved();
--> statement-breakpoint
-- Memberships and tags name a card, not its holder, so their triggers read the holder from the card.
-- They first take a share lock on those cards (in id order, as every batch of card locks is taken):
-- a holder change running at the same time then either waits for this transaction, and its trigger
-- sees the membership or tag, or finishes first, and this statement's next query sees the new holder.
-- Without the lock each could miss the other and the tally would drift for good.
CREATE FUNCTION card_tally_lock_cards(p_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM cards WHERE id = ANY (p_ids) ORDER BY id FOR SHARE;
END $$;
--> statement-breakpoint
-- A membership taken out of `none`; moving a card from one group to another updates its membership,
-- so it stays out, and only inserts and deletes count.
CREATE FUNCTION card_tally_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM card_tally_lock_cards(ARRAY(SELECT card_id FROM changed));
  INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
    SELECT c.account_id, c.sub_account_id, 'none', CASE TG_OP WHEN 'INSERT' THEN -1 ELSE 1 END * count(*)
    FROM changed m JOIN cards c ON c.id = m.card_id
    GROUP BY 1, 2 ORDER BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_group_members_tally_added AFTER INSERT ON card_group_members
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION card_tally_members();
--> statement-breakpoint
CREATE TRIGGER card_group_members_tally_removed AFTER DELETE ON card_group_members
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION card_tally_members();
--> statement-breakpoint
CREATE FUNCTION card_tally_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM card_tally_lock_cards(ARRAY(SELECT card_id FROM changed));
  INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
    SELECT c.account_id, c.sub_account_id, 'tag:' || t.tag_id, CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END * count(*)
    FROM changed t JOIN cards c ON c.id = t.card_id
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_tags_tally_added AFTER INSERT ON card_tags
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION card_tally_tags();
--> statement-breakpoint
CREATE TRIGGER card_tags_tally_removed AFTER DELETE ON card_tags
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION card_tally_tags();
--> statement-breakpoint
-- The cards that exist when this migration runs.
INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
  SELECT account_id, sub_account_id, 'all', count(*) FROM cards GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
  SELECT c.account_id, c.sub_account_id, 'none', count(*) FROM cards c
  WHERE NOT EXISTS (SELECT 1 FROM card_group_members m WHERE m.card_id = c.id) GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO card_tally (account_id, sub_account_id, bucket, delta)
  SELECT c.account_id, c.sub_account_id, 'tag:' || t.tag_id, count(*)
  FROM card_tags t JOIN cards c ON c.id = t.card_id GROUP BY 1, 2, 3;
