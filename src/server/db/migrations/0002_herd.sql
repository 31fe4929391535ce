CREATE TYPE "public"."animal_sex" AS ENUM('female', 'male', 'castrated_male', 'spayed_female');--> statement-breakpoint
CREATE TABLE "animal_groups" (
	"farm_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "animal_groups_animal_id_group_id_pk" PRIMARY KEY("animal_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "animals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"breed" text,
	"sex" "animal_sex",
	"birth_date" date,
	"weight" numeric(9, 2),
	"weight_unit" "weight_unit",
	"species_id" uuid,
	"color" text,
	"dam" text,
	"sire" text,
	"tag_id" text,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "animals_farm_id_id_unique" UNIQUE("farm_id","id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_farm_id_id_unique" UNIQUE("farm_id","id")
);
--> statement-breakpoint
CREATE TABLE "species" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farm_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "species_farm_name_unique" UNIQUE NULLS NOT DISTINCT("farm_id","name")
);
--> statement-breakpoint
ALTER TABLE "animal_groups" ADD CONSTRAINT "animal_groups_animal_fk" FOREIGN KEY ("farm_id","animal_id") REFERENCES "public"."animals"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "animal_groups" ADD CONSTRAINT "animal_groups_group_fk" FOREIGN KEY ("farm_id","group_id") REFERENCES "public"."groups"("farm_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "animals" ADD CONSTRAINT "animals_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "animals" ADD CONSTRAINT "animals_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "species" ADD CONSTRAINT "species_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "animal_groups_group_id_idx" ON "animal_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "animal_groups_farm_id_idx" ON "animal_groups" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "animals_farm_id_name_idx" ON "animals" USING btree ("farm_id","name");--> statement-breakpoint
CREATE INDEX "animals_species_id_idx" ON "animals" USING btree ("species_id");--> statement-breakpoint
CREATE INDEX "groups_farm_id_created_at_idx" ON "groups" USING btree ("farm_id","created_at");