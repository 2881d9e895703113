CREATE TABLE "season_copies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "season_copies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target_season_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "season_copies_source_uq" ON "season_copies" USING btree ("target_season_id","kind","source_id");--> statement-breakpoint
CREATE INDEX "season_copies_target_idx" ON "season_copies" USING btree ("target_season_id");