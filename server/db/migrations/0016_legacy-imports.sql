CREATE TABLE "legacy_import_created" (
	"import_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_import_mappings" (
	"header_key" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_import_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"state" text NOT NULL,
	"errors" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"match_kind" text NOT NULL,
	"facility_id" integer,
	"candidates" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"state" text DEFAULT 'preview' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"committed_by" integer,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"kept_facilities" jsonb
);
--> statement-breakpoint
CREATE TABLE "legacy_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"row_id" integer,
	"facility_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enrolled_on" date,
	"topic" text DEFAULT '' NOT NULL,
	"documented" boolean,
	"awarding_event" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_import_created" ADD CONSTRAINT "legacy_import_created_import_id_legacy_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legacy_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_import_rows" ADD CONSTRAINT "legacy_import_rows_import_id_legacy_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legacy_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_import_rows" ADD CONSTRAINT "legacy_import_rows_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_imports" ADD CONSTRAINT "legacy_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_imports" ADD CONSTRAINT "legacy_imports_committed_by_users_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_imports" ADD CONSTRAINT "legacy_imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_records" ADD CONSTRAINT "legacy_records_import_id_legacy_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legacy_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_records" ADD CONSTRAINT "legacy_records_row_id_legacy_import_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."legacy_import_rows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_records" ADD CONSTRAINT "legacy_records_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_records" ADD CONSTRAINT "legacy_records_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_import_created_uq" ON "legacy_import_created" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "legacy_import_created_import_idx" ON "legacy_import_created" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_import_rows_row_uq" ON "legacy_import_rows" USING btree ("import_id","row_no");--> statement-breakpoint
CREATE INDEX "legacy_import_rows_state_idx" ON "legacy_import_rows" USING btree ("import_id","state","row_no");--> statement-breakpoint
CREATE INDEX "legacy_imports_created_idx" ON "legacy_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_records_facility_season_kind_uq" ON "legacy_records" USING btree ("facility_id","season_id","kind");--> statement-breakpoint
CREATE INDEX "legacy_records_import_idx" ON "legacy_records" USING btree ("import_id");