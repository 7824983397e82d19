CREATE TABLE "mail_queue" (
	"id" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"code_id" text,
	"source_count_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at");