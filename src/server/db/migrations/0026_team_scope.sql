CREATE TABLE "sign_in_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"sub_account_id" text,
	CONSTRAINT "sign_in_addresses_one_holder" CHECK (("sign_in_addresses"."account_id" is null) <> ("sign_in_addresses"."sub_account_id" is null))
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploaded_by_sub_id" text;--> statement-breakpoint
ALTER TABLE "card_batches" ADD COLUMN "sub_account_id" text;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_addresses_account_idx" ON "sign_in_addresses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_addresses_sub_account_idx" ON "sign_in_addresses" USING btree ("sub_account_id");--> statement-breakpoint
-- A batch belongs to whoever opened it: its cards say who (a failed batch without cards stays the owner's).
UPDATE "card_batches" b SET "sub_account_id" = c."sub_account_id"
  FROM (SELECT DISTINCT ON ("batch_id") "batch_id", "sub_account_id" FROM "cards" WHERE "batch_id" IS NOT NULL ORDER BY "batch_id", "sub_account_id" NULLS LAST) c
  WHERE c."batch_id" = b."id" AND c."sub_account_id" IS NOT NULL;--> statement-breakpoint
-- Sign-in addresses: the main accounts first, then the members whose address is still free (a member
-- whose address a main account took before this migration could not sign in anyway).
INSERT INTO "sign_in_addresses" ("address", "account_id")
  SELECT lower("email"), "id" FROM "accounts" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sign_in_addresses" ("address", "sub_account_id")
  SELECT lower("email"), "id" FROM "sub_accounts" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every insert or address change of either table claims its address in the same transaction; a
-- taken address fails it with a unique violation on sign_in_addresses_pkey.
CREATE OR REPLACE FUNCTION sign_in_address_of_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF lower(NEW.email) = lower(OLD.email) THEN RETURN NULL; END IF;
    DELETE FROM sign_in_addresses WHERE account_id = OLD.id;
  END IF;
  INSERT INTO sign_in_addresses (address, account_id) VALUES (lower(NEW.email), NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sign_in_address_of_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF lower(NEW.email) = lower(OLD.email) THEN RETURN NULL; END IF;
    DELETE FROM sign_in_addresses WHERE sub_account_id = OLD.id;
  END IF;
  INSERT INTO sign_in_addresses (address, sub_account_id) VALUES (lower(NEW.email), NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_sign_in_address AFTER INSERT OR UPDATE OF email ON accounts
  FOR EACH ROW EXECUTE FUNCTION sign_in_address_of_account();--> statement-breakpoint
CREATE TRIGGER sub_accounts_sign_in_address AFTER INSERT OR UPDATE OF email ON sub_accounts
  FOR EACH ROW EXECUTE FUNCTION sign_in_address_of_member();
