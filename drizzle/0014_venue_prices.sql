-- Issue 32: the venue's prices and booking rules are data, seeded with the spec's values (SPEC §9).
CREATE TABLE "rate_cards" (
	"facility_type" text PRIMARY KEY NOT NULL,
	"rates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "rate_cards_facility_type_check" CHECK ("facility_type" in ('court', 'dart_bay'))
);--> statement-breakpoint
INSERT INTO "rate_cards" ("facility_type", "rates") VALUES
	('court', '{"durations":[60,90,120,150,180],"defaultDuration":60,"weekday":[{"from":"00:00","to":"17:00","memberCentsPerHour":2000,"nonMemberCentsPerHour":2500},{"from":"17:00","to":"24:00","memberCentsPerHour":4000,"nonMemberCentsPerHour":4500}],"weekend":[{"from":"00:00","to":"24:00","memberCentsPerHour":4000,"nonMemberCentsPerHour":4500}],"weekdayWholeBandBefore":{"60":"16:30","90":"16:00","120":"16:00","150":"15:00","180":"14:30"},"specials":[]}'),
	('dart_bay', '{"durations":[30,60,90,120,150,180],"defaultDuration":30,"weekday":[{"from":"00:00","to":"24:00","memberCentsPerHour":3000,"nonMemberCentsPerHour":3000}],"weekend":[{"from":"00:00","to":"24:00","memberCentsPerHour":3000,"nonMemberCentsPerHour":3000}],"weekdayWholeBandBefore":{},"specials":[]}');--> statement-breakpoint
CREATE TABLE "booking_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"guest_horizon_days" integer DEFAULT 10 NOT NULL,
	"member_horizon_days" integer DEFAULT 14 NOT NULL,
	"hold_minutes" integer DEFAULT 15 NOT NULL,
	"free_bookings_per_week" integer DEFAULT 2 NOT NULL,
	"free_booking_minutes" integer DEFAULT 120 NOT NULL,
	"free_windows" jsonb DEFAULT '{"1":{"from":"08:00","to":"17:00"},"2":{"from":"08:00","to":"17:00"},"3":{"from":"08:00","to":"17:00"},"4":{"from":"08:00","to":"17:00"},"5":{"from":"08:00","to":"15:00"}}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "booking_rules_single_row" CHECK ("id" = 1),
	CONSTRAINT "booking_rules_limits_check" CHECK ("guest_horizon_days" between 1 and 365 and "member_horizon_days" between 1 and 365 and "hold_minutes" between 5 and 60 and "free_bookings_per_week" between 0 and 14 and "free_booking_minutes" between 30 and 240)
);--> statement-breakpoint
INSERT INTO "booking_rules" ("id") VALUES (1);
