CREATE TABLE "team_workshop_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_workshop_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"facility_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"preferred_date_1" date NOT NULL,
	"preferred_date_2" date,
	"preferred_date_3" date,
	"participant_count" integer NOT NULL,
	"topic_wishes" text DEFAULT '' NOT NULL,
	"address_street" text,
	"address_postal_code" text,
	"address_city" text,
	"remarks" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"decision_comment" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "team_workshop_applications_scheduled_ck" CHECK ("team_workshop_applications"."state" <> 'scheduled' or "team_workshop_applications"."scheduled_at" is not null),
	CONSTRAINT "team_workshop_applications_participants_ck" CHECK ("team_workshop_applications"."participant_count" between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "team_workshop_applications" ADD CONSTRAINT "team_workshop_applications_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workshop_applications" ADD CONSTRAINT "team_workshop_applications_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workshop_applications" ADD CONSTRAINT "team_workshop_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workshop_applications" ADD CONSTRAINT "team_workshop_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workshop_applications" ADD CONSTRAINT "team_workshop_applications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_workshop_applications" ADD CONSTRAINT "team_workshop_applications_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_workshop_applications_live_uq" ON "team_workshop_applications" USING btree ("facility_id","season_id") WHERE "team_workshop_applications"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "team_workshop_applications_season_idx" ON "team_workshop_applications" USING btree ("season_id","state");