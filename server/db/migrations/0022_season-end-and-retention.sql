CREATE TABLE "account_retention_warnings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"warned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"failed" boolean DEFAULT false NOT NULL,
	"removed" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_copies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "season_copies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target_season_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documentation_files" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_retention_warnings" ADD CONSTRAINT "account_retention_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_runs_one_running_uq" ON "retention_runs" USING btree ((true)) WHERE "retention_runs"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "season_copies_source_uq" ON "season_copies" USING btree ("target_season_id","kind","source_id");--> statement-breakpoint
CREATE INDEX "season_copies_target_idx" ON "season_copies" USING btree ("target_season_id");