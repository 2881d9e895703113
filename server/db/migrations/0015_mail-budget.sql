ALTER TABLE "mail_outbox" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "budget" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_budget_recipient_idx" ON "mail_outbox" USING btree (lower("recipient"),"created_at") WHERE "mail_outbox"."budget" = 'counted';--> statement-breakpoint
CREATE INDEX "mail_outbox_budget_facility_idx" ON "mail_outbox" USING btree ("facility_id","created_at") WHERE "mail_outbox"."budget" = 'counted';