CREATE TYPE "public"."entry_type" AS ENUM('medical', 'weight', 'note');--> statement-breakpoint
CREATE TYPE "public"."reminder_type" AS ENUM('medical', 'weight', 'general', 'feeding', 'routine');--> statement-breakpoint
CREATE TYPE "public"."repeat_unit" AS ENUM('day', 'week', 'month');--> statement-breakpoint
CREATE TABLE "care_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"group_id" uuid,
	"type" "entry_type" NOT NULL,
	"date_recorded" date NOT NULL,
	"medication_name" text,
	"dosage" numeric(12, 3),
	"dosage_unit" text,
	"weight_value" numeric(9, 2),
	"weight_unit" "weight_unit",
	"title" text,
	"note_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_entries_batch_animal_unique" UNIQUE("batch_id","animal_id")
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"animal_id" uuid,
	"group_id" uuid,
	"care_entry_id" uuid,
	"title" text NOT NULL,
	"type" "reminder_type" NOT NULL,
	"due_date" date NOT NULL,
	"repeat_every" integer,
	"repeat_unit" "repeat_unit",
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"previous_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_previous_id_unique" UNIQUE("previous_id"),
	CONSTRAINT "reminders_one_subject" CHECK (("reminders"."animal_id" is null) <> ("reminders"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_care_entry_id_care_entries_id_fk" FOREIGN KEY ("care_entry_id") REFERENCES "public"."care_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_group_fk" FOREIGN KEY ("farm_id","group_id") REFERENCES "public"."groups"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_entries_animal_idx" ON "care_entries" USING btree ("farm_id","animal_id","date_recorded");--> statement-breakpoint
CREATE INDEX "care_entries_batch_idx" ON "care_entries" USING btree ("farm_id","batch_id");--> statement-breakpoint
CREATE INDEX "care_entries_group_idx" ON "care_entries" USING btree ("group_id","date_recorded");--> statement-breakpoint
CREATE INDEX "reminders_active_idx" ON "reminders" USING btree ("farm_id","completed","due_date");--> statement-breakpoint
CREATE INDEX "reminders_animal_idx" ON "reminders" USING btree ("animal_id");--> statement-breakpoint
CREATE INDEX "reminders_group_idx" ON "reminders" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "reminders_care_entry_idx" ON "reminders" USING btree ("care_entry_id");