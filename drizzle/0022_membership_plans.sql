CREATE TABLE "membership_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"interval" text NOT NULL,
	"provider_price_id" text,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "membership_plans_id_check" CHECK ("id" in ('monthly', 'annual')),
	CONSTRAINT "membership_plans_interval_check" CHECK ("interval" in ('month', 'year')),
	CONSTRAINT "membership_plans_price_check" CHECK ("price_cents" between 0 and 1000000),
	CONSTRAINT "membership_plans_name_check" CHECK (length(trim("name")) between 1 and 60)
);--> statement-breakpoint
INSERT INTO "membership_plans" ("id", "name", "price_cents", "interval", "position") VALUES
	('monthly', 'Monthly', 7900, 'month', 1),
	('annual', 'Annually', 85000, 'year', 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comp_ends_at" timestamp with time zone;
