CREATE TABLE "card_group_budgets" (
	"group_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"monthly" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_group_budgets_monthly_check" CHECK ("card_group_budgets"."monthly" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_spend_rules" (
	"card_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spend_counters" (
	"subject" text NOT NULL,
	"period" text NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "spend_counters_subject_period_pk" PRIMARY KEY("subject","period"),
	CONSTRAINT "spend_counters_held_check" CHECK ("spend_counters"."held" >= 0),
	CONSTRAINT "spend_counters_spent_check" CHECK ("spend_counters"."spent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "spend_day" text;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "budget_group_id" text;--> statement-breakpoint
ALTER TABLE "card_group_budgets" ADD CONSTRAINT "card_group_budgets_group_id_card_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."card_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_spend_rules" ADD CONSTRAINT "card_spend_rules_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill (hand-written, issue 33): authorizations approved before the counters existed are counted
-- in the account calendar (Asia/Shanghai), so a limit set now sees today's, this month's and the
-- lifetime's spending; USD ones of a grouped card count for the group's month.
UPDATE "card_authorizations" AS a SET
	"spend_day" = to_char(a."created_at" AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD'),
	"budget_group_id" = (SELECT m."group_id" FROM "card_group_members" m WHERE m."card_id" = a."card_id" AND a."currency" = 'USD')
WHERE a."status" IN ('pending', 'completed', 'refunded');--> statement-breakpoint
INSERT INTO "spend_counters" ("subject", "period", "held", "spent")
SELECT 'card:' || a."card_id", p."period",
	sum(CASE WHEN a."status" = 'pending' THEN a."amount" ELSE 0 END),
	sum(CASE WHEN a."status" = 'pending' THEN 0 ELSE a."amount" END)
FROM "card_authorizations" a
CROSS JOIN LATERAL (VALUES ('day:' || a."spend_day"), ('month:' || substr(a."spend_day", 1, 7)), ('life')) AS p("period")
WHERE a."spend_day" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "spend_counters" ("subject", "period", "held", "spent")
SELECT 'group:' || a."budget_group_id", 'month:' || substr(a."spend_day", 1, 7),
	sum(CASE WHEN a."status" = 'pending' THEN a."amount" ELSE 0 END),
	sum(CASE WHEN a."status" = 'pending' THEN 0 ELSE a."amount" END)
FROM "card_authorizations" a
WHERE a."spend_day" IS NOT NULL AND a."budget_group_id" IS NOT NULL
GROUP BY 1, 2;
