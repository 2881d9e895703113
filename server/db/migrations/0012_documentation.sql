CREATE TABLE "documentation_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documentation_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"question_key" text NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "documentation_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documentation_files_size_ck" CHECK ("documentation_files"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "documentation_form_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documentation_form_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"state" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentation_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documentation_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"facility_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answer_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"decision_comment" text DEFAULT '' NOT NULL,
	"saved_at" timestamp with time zone,
	"saved_by" integer,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "documentation_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documentation_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentation_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documentation_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentation_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documentation_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"season_id" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "documentation_templates_season_id_unique" UNIQUE("season_id")
);
--> statement-breakpoint
ALTER TABLE "documentation_files" ADD CONSTRAINT "documentation_files_form_id_documentation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."documentation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_files" ADD CONSTRAINT "documentation_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_form_events" ADD CONSTRAINT "documentation_form_events_form_id_documentation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."documentation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_form_events" ADD CONSTRAINT "documentation_form_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_forms" ADD CONSTRAINT "documentation_forms_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_forms" ADD CONSTRAINT "documentation_forms_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_forms" ADD CONSTRAINT "documentation_forms_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_forms" ADD CONSTRAINT "documentation_forms_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_forms" ADD CONSTRAINT "documentation_forms_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_forms" ADD CONSTRAINT "documentation_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_notes" ADD CONSTRAINT "documentation_notes_form_id_documentation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."documentation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_notes" ADD CONSTRAINT "documentation_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_reviews" ADD CONSTRAINT "documentation_reviews_form_id_documentation_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."documentation_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_reviews" ADD CONSTRAINT "documentation_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_templates" ADD CONSTRAINT "documentation_templates_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentation_templates" ADD CONSTRAINT "documentation_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentation_files_form_idx" ON "documentation_files" USING btree ("form_id","question_key");--> statement-breakpoint
CREATE INDEX "documentation_form_events_form_idx" ON "documentation_form_events" USING btree ("form_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "documentation_forms_facility_season_uq" ON "documentation_forms" USING btree ("facility_id","season_id");--> statement-breakpoint
CREATE INDEX "documentation_forms_season_state_idx" ON "documentation_forms" USING btree ("season_id","state");--> statement-breakpoint
CREATE INDEX "documentation_notes_form_idx" ON "documentation_notes" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documentation_reviews_form_reviewer_uq" ON "documentation_reviews" USING btree ("form_id","reviewer_id");