CREATE TABLE "active_campaign_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "active_campaign_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"user_id" integer,
	"contact_id" text NOT NULL,
	"state" jsonb,
	"left_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_campaign_rate" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_at_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "active_campaign_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "active_campaign_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"phase" text DEFAULT 'contacts' NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "active_campaign_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"key_sealed" text DEFAULT '' NOT NULL,
	"key_last4" text DEFAULT '' NOT NULL,
	"list_id" text DEFAULT '' NOT NULL,
	"list_name" text DEFAULT '' NOT NULL,
	"tag_names" jsonb,
	"nightly_hour" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_campaign_runs" ADD CONSTRAINT "active_campaign_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_campaign_settings" ADD CONSTRAINT "active_campaign_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "active_campaign_contacts_email_uq" ON "active_campaign_contacts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "active_campaign_runs_one_running_uq" ON "active_campaign_runs" USING btree ("state") WHERE "active_campaign_runs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "active_campaign_runs_started_idx" ON "active_campaign_runs" USING btree ("created_at");