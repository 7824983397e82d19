CREATE TABLE "identity_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_items" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"field" text NOT NULL,
	"question" text NOT NULL,
	"answer_text" text,
	"answer_file_id" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"person_name" text,
	"id_type" text,
	"id_number" text,
	"id_expires_on" date,
	"id_front_file_id" text,
	"id_back_file_id" text,
	"selfie_file_id" text,
	"company_name" text,
	"registration_number" text,
	"licence_file_id" text,
	"provider_ref" text,
	"reject_reason" text,
	"resubmittable" boolean,
	"approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_orders_status_check" CHECK ("identity_orders"."status" in ('draft','submitted','in_review','approved','rejected','needs_info','expired')),
	CONSTRAINT "identity_orders_kind_check" CHECK ("identity_orders"."kind" in ('individual','business'))
);
--> statement-breakpoint
ALTER TABLE "identity_events" ADD CONSTRAINT "identity_events_order_id_identity_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."identity_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_items" ADD CONSTRAINT "identity_items_order_id_identity_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."identity_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_items" ADD CONSTRAINT "identity_items_answer_file_id_files_id_fk" FOREIGN KEY ("answer_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_orders" ADD CONSTRAINT "identity_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_orders" ADD CONSTRAINT "identity_orders_id_front_file_id_files_id_fk" FOREIGN KEY ("id_front_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_orders" ADD CONSTRAINT "identity_orders_id_back_file_id_files_id_fk" FOREIGN KEY ("id_back_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_orders" ADD CONSTRAINT "identity_orders_selfie_file_id_files_id_fk" FOREIGN KEY ("selfie_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_orders" ADD CONSTRAINT "identity_orders_licence_file_id_files_id_fk" FOREIGN KEY ("licence_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_events_order_idx" ON "identity_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_items_order_idx" ON "identity_items" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_orders_account_key" ON "identity_orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "identity_orders_status_idx" ON "identity_orders" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "identity_orders_expiry_idx" ON "identity_orders" USING btree ("expires_at") WHERE "identity_orders"."status" = 'approved';
