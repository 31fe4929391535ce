-- Client-chosen ids are scoped by farm (issue 7, defect 7): the keys of groups, animals,
-- care_entries and reminders become (farm_id, id), and every key that points at them carries
-- farm_id too, so two farms may hold the same id and no answer reveals whether another farm does.
-- Written by hand from drizzle-kit's output: the foreign keys must go before the unique
-- constraints they depend on, drizzle-kit cannot name the old primary keys, and it cannot write
-- ON DELETE SET NULL ("group_id") (PostgreSQL 15+).
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_care_entry_id_care_entries_id_fk";--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_animal_fk";--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_group_fk";--> statement-breakpoint
ALTER TABLE "care_entries" DROP CONSTRAINT "care_entries_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "care_entries" DROP CONSTRAINT "care_entries_animal_fk";--> statement-breakpoint
ALTER TABLE "animal_groups" DROP CONSTRAINT "animal_groups_animal_fk";--> statement-breakpoint
ALTER TABLE "animal_groups" DROP CONSTRAINT "animal_groups_group_fk";--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_pkey";--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_farm_id_id_unique";--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_farm_id_id_pk" PRIMARY KEY("farm_id","id");--> statement-breakpoint
ALTER TABLE "animals" DROP CONSTRAINT "animals_pkey";--> statement-breakpoint
ALTER TABLE "animals" DROP CONSTRAINT "animals_farm_id_id_unique";--> statement-breakpoint
ALTER TABLE "animals" ADD CONSTRAINT "animals_farm_id_id_pk" PRIMARY KEY("farm_id","id");--> statement-breakpoint
ALTER TABLE "animal_groups" DROP CONSTRAINT "animal_groups_animal_id_group_id_pk";--> statement-breakpoint
ALTER TABLE "animal_groups" ADD CONSTRAINT "animal_groups_farm_id_animal_id_group_id_pk" PRIMARY KEY("farm_id","animal_id","group_id");--> statement-breakpoint
ALTER TABLE "care_entries" DROP CONSTRAINT "care_entries_pkey";--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_farm_id_id_pk" PRIMARY KEY("farm_id","id");--> statement-breakpoint
ALTER TABLE "care_entries" DROP CONSTRAINT "care_entries_batch_animal_unique";--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_batch_animal_unique" UNIQUE("farm_id","batch_id","animal_id");--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_pkey";--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_farm_id_id_pk" PRIMARY KEY("farm_id","id");--> statement-breakpoint
ALTER TABLE "reminders" DROP CONSTRAINT "reminders_previous_id_unique";--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_farm_id_previous_id_unique" UNIQUE("farm_id","previous_id");--> statement-breakpoint
ALTER TABLE "animal_groups" ADD CONSTRAINT "animal_groups_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "animal_groups" ADD CONSTRAINT "animal_groups_group_fk" FOREIGN KEY ("farm_id","group_id") REFERENCES "public"."groups"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_group_fk" FOREIGN KEY ("farm_id","group_id") REFERENCES "public"."groups"("farm_id","id") ON DELETE SET NULL ("group_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_group_fk" FOREIGN KEY ("farm_id","group_id") REFERENCES "public"."groups"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_care_entry_fk" FOREIGN KEY ("farm_id","care_entry_id") REFERENCES "public"."care_entries"("farm_id","id") ON DELETE cascade ON UPDATE no action;
