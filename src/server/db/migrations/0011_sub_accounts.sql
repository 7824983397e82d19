CREATE TABLE "sub_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"sub_uid" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"nickname" text NOT NULL,
	"wechat" text,
	"mobile" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"role_id" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"expiry_policy" text DEFAULT 'keep' NOT NULL,
	"expiry_applied_at" timestamp with time zone,
	"expiry_reminded_at" timestamp with time zone,
	"cny_recharge_limit" bigint,
	"usd_recharge_limit" bigint,
	"usd_spend_limit" bigint,
	"lang" text DEFAULT 'zh-CN' NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_accounts_limits_check" CHECK (coalesce("sub_accounts"."cny_recharge_limit", 0) >= 0 and coalesce("sub_accounts"."usd_recharge_limit", 0) >= 0 and coalesce("sub_accounts"."usd_spend_limit", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "sub_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"sub_account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"remark" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_role_id_sub_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sub_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_invitations" ADD CONSTRAINT "sub_invitations_sub_account_id_sub_accounts_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_roles" ADD CONSTRAINT "sub_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_email_key" ON "sub_accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_accounts_sub_uid_key" ON "sub_accounts" USING btree ("sub_uid");--> statement-breakpoint
CREATE INDEX "sub_accounts_account_idx" ON "sub_accounts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sub_accounts_role_idx" ON "sub_accounts" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "sub_accounts_valid_until_idx" ON "sub_accounts" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "sub_invitations_sub_idx" ON "sub_invitations" USING btree ("sub_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_roles_account_name_key" ON "sub_roles" USING btree ("account_id","name");