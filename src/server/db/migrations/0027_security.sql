-- Issue 29 (security): e-mail codes remember the source address that asked for them, so that
-- strangers' wrong tries are counted apart and never kill the owner's code (lib/mail-codes.ts).
ALTER TABLE "email_codes" ADD COLUMN "requested_from" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "stranger_attempts" integer DEFAULT 0 NOT NULL;