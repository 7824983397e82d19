CREATE TABLE "identity_callbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text,
	"order_id" text,
	"decision" text,
	"signature_valid" boolean NOT NULL,
	"outcome" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_callbacks_order_idx" ON "identity_callbacks" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_callbacks_applied_key" ON "identity_callbacks" USING btree ("event_id") WHERE "identity_callbacks"."outcome" = 'applied';