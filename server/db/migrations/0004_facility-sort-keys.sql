ALTER TABLE "facilities" ADD COLUMN "label_sort" text GENERATED ALWAYS AS (translate(lower(label), 'äöüß', 'aous')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "city_sort" text GENERATED ALWAYS AS (translate(lower(city), 'äöüß', 'aous')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "facilities_label_sort_idx" ON "facilities" USING btree ("label_sort","id");--> statement-breakpoint
CREATE INDEX "facilities_city_sort_idx" ON "facilities" USING btree ("city_sort","id");