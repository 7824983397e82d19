CREATE TABLE "notice_targets" (
	"notice_id" text NOT NULL,
	"account_id" text NOT NULL,
	CONSTRAINT "notice_targets_pkey" PRIMARY KEY("notice_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "plan_fee_versions" (
	"plan_code" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"open_card_fee" bigint NOT NULL,
	"recharge_fee_bp" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_fee_versions_pkey" PRIMARY KEY("plan_code","effective_from")
);
--> statement-breakpoint
CREATE TABLE "segment_fee_versions" (
	"segment_id" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"open_fee" bigint NOT NULL,
	"recharge_fee_bp" integer NOT NULL,
	"min_first_recharge" bigint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segment_fee_versions_pkey" PRIMARY KEY("segment_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "frozen_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fee_versions" ADD CONSTRAINT "plan_fee_versions_plan_code_plans_code_fk" FOREIGN KEY ("plan_code") REFERENCES "public"."plans"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_fee_versions" ADD CONSTRAINT "segment_fee_versions_segment_id_card_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."card_segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_targets_account_idx" ON "notice_targets" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_audience_check" CHECK ("notices"."audience" in ('all', 'chosen'));