-- Issue 31: the venue runs its own schedule and identity from the admin.
-- The identity: a brand colour and the three policy links (null: the policy host's pages).
ALTER TABLE "venue_settings" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "refund_url" text;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD CONSTRAINT "venue_settings_brand_color_check"
  CHECK ("brand_color" is null or "brand_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- Courts and dart bays: an order staff choose, and names never used twice (ids stay as they are).
ALTER TABLE "courts" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "courts" SET "sort_order" = "id";--> statement-breakpoint
ALTER TABLE "dart_bays" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "dart_bays" SET "sort_order" = "id";--> statement-breakpoint
CREATE UNIQUE INDEX "courts_name_lower_key" ON "courts" (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dart_bays_name_lower_key" ON "dart_bays" (lower("name"));--> statement-breakpoint
ALTER TABLE "courts" ADD CONSTRAINT "courts_name_check" CHECK (length(btrim("name")) between 1 and 40);--> statement-breakpoint
ALTER TABLE "dart_bays" ADD CONSTRAINT "dart_bays_name_check" CHECK (length(btrim("name")) between 1 and 40);--> statement-breakpoint
-- Special days: dates on which the whole venue keeps other hours, or is closed (no hours).
CREATE TABLE "special_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"opens_at" time,
	"closes_at" time,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_days_dates_check" CHECK ("ends_on" >= "starts_on"),
	CONSTRAINT "special_days_hours_check" CHECK (("opens_at" is null) = ("closes_at" is null) and ("closes_at" is null or "closes_at" > "opens_at")),
	CONSTRAINT "special_days_reason_check" CHECK (length(btrim("reason")) between 1 and 120),
	CONSTRAINT "special_days_no_overlap" EXCLUDE USING gist (daterange("starts_on", "ends_on", '[]') WITH &&)
);--> statement-breakpoint
-- Closures of courts or bays: one stretch from (starts_on, start_time) to (ends_on, end_time), or
-- weekly: on the weekday of starts_on, start_time to end_time, every week until ends_on.
CREATE TABLE "facility_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_type" text NOT NULL,
	"facility_ids" integer[] NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"weekly" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_closures_type_check" CHECK ("facility_type" in ('court', 'dart_bay')),
	CONSTRAINT "facility_closures_ids_check" CHECK (cardinality("facility_ids") >= 1),
	CONSTRAINT "facility_closures_dates_check" CHECK ("ends_on" >= "starts_on"),
	CONSTRAINT "facility_closures_range_check" CHECK ("starts_on" + "start_time" < "ends_on" + "end_time" and (not "weekly" or "end_time" > "start_time")),
	CONSTRAINT "facility_closures_reason_check" CHECK (length(btrim("reason")) between 1 and 120)
);--> statement-breakpoint
CREATE INDEX "facility_closures_type_dates_idx" ON "facility_closures" ("facility_type", "ends_on", "starts_on");--> statement-breakpoint
-- The database keeps the last word (as the exclusion constraints do for two bookings): a
-- reservation that starts to block time inside a closure, or outside a special day's hours, is
-- refused as an exclusion violation, which every booking path already treats as "taken". Saving a
-- closure takes the same lock exclusively, so a hold racing it either commits first (and is in the
-- closure's impact) or waits and is refused.
CREATE FUNCTION "reservation_respects_closures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facility integer;
  why text;
BEGIN
  -- A cancelled row blocks nothing; a row ending before it starts is the check constraint's to refuse.
  IF NEW.status = 'cancelled' OR NEW.end_time <= NEW.start_time THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 'cancelled' AND NEW.date = OLD.date
     AND NEW.start_time = OLD.start_time AND NEW.end_time = OLD.end_time
     AND NEW.court_id IS NOT DISTINCT FROM OLD.court_id
     AND NEW.dart_bay_id IS NOT DISTINCT FROM OLD.dart_bay_id THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('venue-schedule-rules', 0));
  SELECT s.reason INTO why FROM special_days s
   WHERE NEW.date BETWEEN s.starts_on AND s.ends_on
     AND (s.opens_at IS NULL OR NEW.start_time < s.opens_at OR NEW.end_time > s.closes_at)
   LIMIT 1;
  IF why IS NULL THEN
    facility := coalesce(NEW.court_id, NEW.dart_bay_id);
    SELECT c.reason INTO why FROM facility_closures c
     WHERE c.facility_type = NEW.facility_type AND facility = ANY (c.facility_ids)
       AND NEW.date BETWEEN c.starts_on AND c.ends_on
       AND CASE WHEN c.weekly
         THEN extract(dow FROM NEW.date) = extract(dow FROM c.starts_on)
              AND NEW.start_time < c.end_time AND NEW.end_time > c.start_time
         ELSE tsrange(c.starts_on + c.start_time, c.ends_on + c.end_time)
              && tsrange(NEW.date + NEW.start_time, NEW.date + NEW.end_time)
       END
     LIMIT 1;
  END IF;
  IF why IS NOT NULL THEN
    RAISE EXCEPTION 'closed: %', why USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_closure';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_closures" BEFORE INSERT OR UPDATE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservation_respects_closures"();
