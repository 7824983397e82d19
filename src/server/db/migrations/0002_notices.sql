CREATE TABLE "notice_reads" (
	"account_id" text NOT NULL,
	"sub_account_id" text DEFAULT '' NOT NULL,
	"notice_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "notice_reads_pkey" PRIMARY KEY("account_id","sub_account_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"kind" text DEFAULT 'normal' NOT NULL,
	"title" text NOT NULL,
	"msg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_lang_check" CHECK ("notices"."lang" in ('zh-CN', 'en')),
	CONSTRAINT "notices_kind_check" CHECK ("notices"."kind" in ('banner', 'normal'))
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_reads_notice_idx" ON "notice_reads" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notices_lang_published_idx" ON "notices" USING btree ("lang","published_at");