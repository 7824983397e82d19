ALTER TABLE "agent_balances" ADD COLUMN "fees" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 29 item 14: a bank withdrawal's fee counts in `fees` from its request (not only once paid),
-- and `withdrawn` holds what reached the agent (the net), so the figures add up in every state.
-- Rows written before: the fees of requested and paid bank withdrawals move into `fees`, and the
-- fees of paid ones leave `withdrawn` (which counted the gross amount).
UPDATE "agent_balances" b SET
  "fees" = w.fees,
  "withdrawn" = b."withdrawn" - w.paid_fees
FROM (
  SELECT "account_id", "currency",
         sum("fee") FILTER (WHERE "status" IN ('requested', 'paid')) AS fees,
         coalesce(sum("fee") FILTER (WHERE "status" = 'paid'), 0) AS paid_fees
    FROM "agent_withdrawals"
   WHERE "target" = 'bank_card'
   GROUP BY 1, 2
) w
WHERE w."account_id" = b."account_id" AND w."currency" = b."currency" AND w.fees IS NOT NULL;
