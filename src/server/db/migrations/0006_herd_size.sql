CREATE TYPE "public"."repeat_from" AS ENUM('done', 'due');--> statement-breakpoint
CREATE TABLE "reminder_animals" (
	"farm_id" uuid NOT NULL,
	"reminder_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	CONSTRAINT "reminder_animals_farm_id_reminder_id_animal_id_pk" PRIMARY KEY("farm_id","reminder_id","animal_id")
);
--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "repeat_from" "repeat_from" DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "care_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "reminder_animals" ADD CONSTRAINT "reminder_animals_reminder_fk" FOREIGN KEY ("farm_id","reminder_id") REFERENCES "public"."reminders"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_animals" ADD CONSTRAINT "reminder_animals_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_animals_animal_idx" ON "reminder_animals" USING btree ("farm_id","animal_id");--> statement-breakpoint
CREATE INDEX "reminders_care_batch_idx" ON "reminders" USING btree ("farm_id","care_batch_id");--> statement-breakpoint
-- Natural order for names ('Hen 2' before 'Hen 10'): lower case, every run of digits left-padded
-- to 20 places; compare with COLLATE "C" so both databases agree. The same rule as
-- src/shared/animals/natural-sort.ts (tested against each other).
CREATE OR REPLACE FUNCTION natural_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN part[2] IS NULL THEN part[1]
         WHEN length(part[2]) >= 20 THEN part[2]
         ELSE lpad(part[2], 20, '0') END, '' ORDER BY n), '')
  FROM regexp_matches(lower(value), '(\D+)|(\d+)', 'g') WITH ORDINALITY AS t(part, n)
$$;
