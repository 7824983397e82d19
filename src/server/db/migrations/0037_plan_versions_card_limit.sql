-- A rate plan's version holds its monthly card allowance too (issue 31 §2). Versions written before
-- keep the allowance the plan row had, so nothing in force changes.
ALTER TABLE "plan_fee_versions" ADD COLUMN "monthly_card_limit" integer;--> statement-breakpoint
UPDATE "plan_fee_versions" SET "monthly_card_limit" = "plans"."monthly_card_limit" FROM "plans" WHERE "plans"."code" = "plan_fee_versions"."plan_code";--> statement-breakpoint
ALTER TABLE "plan_fee_versions" ALTER COLUMN "monthly_card_limit" SET NOT NULL;
