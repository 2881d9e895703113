CREATE TABLE "awarding_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awarding_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"season_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"region" text,
	"max_attendees_per_facility" integer,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offering_enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offering_enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offering_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"state" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"over_capacity" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_by_admin" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"attended_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offerings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"season_id" integer NOT NULL,
	"module_id" integer,
	"host_facility_id" integer,
	"awarding_event_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"region" text,
	"capacity" integer NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"reminder_days" integer DEFAULT 7 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "offerings_capacity_ck" CHECK ("offerings"."capacity" >= 1),
	CONSTRAINT "offerings_kind_parent_ck" CHECK (("offerings"."kind" <> 'training' or "offerings"."module_id" is not null)
      and ("offerings"."kind" <> 'hospitation' or "offerings"."host_facility_id" is not null)
      and ("offerings"."kind" <> 'awarding' or "offerings"."awarding_event_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "training_modules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_modules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"season_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_group" text DEFAULT '' NOT NULL,
	"max_per_facility_per_event" integer,
	"max_per_facility_per_module" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "season_enrolments" ADD COLUMN "approved_for_award_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "season_enrolments" ADD COLUMN "approved_for_award_by" integer;--> statement-breakpoint
ALTER TABLE "awarding_events" ADD CONSTRAINT "awarding_events_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awarding_events" ADD CONSTRAINT "awarding_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awarding_events" ADD CONSTRAINT "awarding_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_enrolments" ADD CONSTRAINT "offering_enrolments_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_enrolments" ADD CONSTRAINT "offering_enrolments_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_enrolments" ADD CONSTRAINT "offering_enrolments_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_enrolments" ADD CONSTRAINT "offering_enrolments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_enrolments" ADD CONSTRAINT "offering_enrolments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_enrolments" ADD CONSTRAINT "offering_enrolments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_module_id_training_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."training_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_host_facility_id_facilities_id_fk" FOREIGN KEY ("host_facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_awarding_event_id_awarding_events_id_fk" FOREIGN KEY ("awarding_event_id") REFERENCES "public"."awarding_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awarding_events_season_idx" ON "awarding_events" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offering_enrolments_live_uq" ON "offering_enrolments" USING btree ("offering_id","person_id") WHERE "offering_enrolments"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "offering_enrolments_offering_state_idx" ON "offering_enrolments" USING btree ("offering_id","state","queued_at","id");--> statement-breakpoint
CREATE INDEX "offering_enrolments_facility_idx" ON "offering_enrolments" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "offering_enrolments_person_idx" ON "offering_enrolments" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "offerings_season_kind_idx" ON "offerings" USING btree ("season_id","kind","starts_at");--> statement-breakpoint
CREATE INDEX "offerings_module_idx" ON "offerings" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "offerings_host_idx" ON "offerings" USING btree ("host_facility_id");--> statement-breakpoint
CREATE INDEX "offerings_awarding_event_idx" ON "offerings" USING btree ("awarding_event_id");--> statement-breakpoint
CREATE INDEX "training_modules_season_idx" ON "training_modules" USING btree ("season_id");--> statement-breakpoint
ALTER TABLE "season_enrolments" ADD CONSTRAINT "season_enrolments_approved_for_award_by_users_id_fk" FOREIGN KEY ("approved_for_award_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;