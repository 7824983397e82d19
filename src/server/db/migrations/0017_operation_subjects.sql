ALTER TABLE "operation_logs" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "subject_ids" text[];--> statement-breakpoint
CREATE INDEX "operation_logs_subjects_idx" ON "operation_logs" USING gin ("subject_ids");