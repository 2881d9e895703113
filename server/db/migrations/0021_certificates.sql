CREATE TABLE "certificate_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "certificate_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificate_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"season_id" integer NOT NULL,
	"heading" text NOT NULL,
	"body" text NOT NULL,
	"signatures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "certificate_templates_season_id_unique" UNIQUE("season_id")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"season_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"person_id" integer,
	"enrolment_id" integer,
	"code" text NOT NULL,
	"state" text DEFAULT 'valid' NOT NULL,
	"printed" jsonb NOT NULL,
	"printed_hash" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by" integer,
	"withdrawn_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_code_ck" CHECK ("certificates"."code" ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
	CONSTRAINT "certificates_attendance_ck" CHECK ("certificates"."kind" <> 'attendance' or ("certificates"."enrolment_id" is not null and "certificates"."person_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "certificate_images" ADD CONSTRAINT "certificate_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_award_valid_uq" ON "certificates" USING btree ("facility_id","season_id") WHERE "certificates"."kind" = 'award' and "certificates"."state" = 'valid';--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_attendance_valid_uq" ON "certificates" USING btree ("enrolment_id") WHERE "certificates"."kind" = 'attendance' and "certificates"."state" = 'valid';--> statement-breakpoint
CREATE INDEX "certificates_facility_idx" ON "certificates" USING btree ("facility_id","issued_at");--> statement-breakpoint
CREATE INDEX "certificates_season_kind_idx" ON "certificates" USING btree ("season_id","kind");