-- A bank transaction number and a proof image belong to at most one live forecast (submitted,
-- resubmitted or approved). The forecast operations check this under a lock with a clear message;
-- these indexes make sure no interleaving could ever store two.
CREATE UNIQUE INDEX "topup_forecasts_live_bank_txn_key" ON "topup_forecasts" (upper(btrim("bank_txn_no")))
  WHERE "status" IN ('submitted', 'resubmitted', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "topup_forecasts_live_proof_key" ON "topup_forecasts" ("proof_file_id")
  WHERE "status" IN ('submitted', 'resubmitted', 'approved');
