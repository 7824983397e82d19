ALTER TABLE "card_batches" ADD COLUMN "kind" text DEFAULT 'batch' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_batches" ADD COLUMN "attempt" text DEFAULT '' NOT NULL;
