-- Issue 33: the reports' per-day figures of closed days (decision 039). A row is computed from the
-- payments, refunds, reservations and events of its venue day the first time a report needs it, and
-- forgotten by these triggers whenever a row of a past day changes, so the next report recomputes
-- it: the figures stay exactly what the tables say. Only days before yesterday (venue time, by the
-- database's clock) are kept; today, yesterday and later are always read live.
CREATE TABLE "report_revenue_days" (
	"day" date PRIMARY KEY NOT NULL,
	"courts" bigint NOT NULL,
	"dart_bays" bigint NOT NULL,
	"events" bigint NOT NULL,
	"memberships" bigint NOT NULL,
	"desk" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Booked minutes of each court and bay by hour of the venue's clock: {"court:1": [24 numbers]}.
CREATE TABLE "report_usage_days" (
	"day" date PRIMARY KEY NOT NULL,
	"minutes" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Forget a past day. The shared lock pairs with the exclusive one a report takes while it computes
-- and stores days (server/reports/report-days.ts): a change either commits before that report reads,
-- or waits for it to commit and then deletes what it stored. Today and later are never stored, so a
-- change to them skips the lock and the deletes (the booking paths write today and the future).
CREATE FUNCTION "report_forget_day"("p_day" date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "p_day" IS NULL OR "p_day" >= (clock_timestamp() AT TIME ZONE 'America/Chicago')::date THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('report-days', 0));
  DELETE FROM report_revenue_days WHERE day = "p_day";
  DELETE FROM report_usage_days WHERE day = "p_day";
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_forget_instant"("p_at" timestamp with time zone) RETURNS void LANGUAGE sql AS $$
  SELECT report_forget_day(("p_at" AT TIME ZONE 'America/Chicago')::date)
$$;--> statement-breakpoint
-- A payment counts on its own day, a refund on its own.
CREATE FUNCTION "report_forget_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM report_forget_instant(OLD.created_at); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_forget_instant(NEW.created_at); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A refund also changes its payment's day when it is not in refunded_cents yet (that day counts
-- what refunded_cents holds beyond the ledger).
CREATE FUNCTION "report_forget_refund"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_forget_instant(OLD.created_at);
    PERFORM report_forget_instant((SELECT p.created_at FROM payments p WHERE p.id = OLD.payment_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_forget_instant(NEW.created_at);
    PERFORM report_forget_instant((SELECT p.created_at FROM payments p WHERE p.id = NEW.payment_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A reservation's date (its bookings' minutes, a desk booking's price); and when its part in a
-- booking payment's split can change (inserted, deleted, another price, type or hold), the days of
-- its hold's payments and of the refunds given for it.
CREATE FUNCTION "report_forget_reservation_days"("p_day" date, "p_hold" uuid, "p_id" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t timestamp with time zone;
BEGIN
  PERFORM report_forget_day("p_day");
  IF "p_hold" IS NOT NULL THEN
    FOR t IN SELECT p.created_at FROM payments p WHERE p.reference = "p_hold" LOOP
      PERFORM report_forget_instant(t);
    END LOOP;
  END IF;
  IF "p_id" IS NOT NULL THEN
    FOR t IN SELECT f.created_at FROM payment_refunds f WHERE f.reservation_id = "p_id" LOOP
      PERFORM report_forget_instant(t);
    END LOOP;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_forget_reservation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_forget_reservation_days(NEW.date, NEW.hold_id, NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_forget_reservation_days(OLD.date, OLD.hold_id, OLD.id);
  ELSIF OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.facility_type IS DISTINCT FROM NEW.facility_type
        OR OLD.hold_id IS DISTINCT FROM NEW.hold_id THEN
    PERFORM report_forget_reservation_days(OLD.date, OLD.hold_id, OLD.id);
    PERFORM report_forget_reservation_days(NEW.date, NEW.hold_id, NULL);
  ELSE
    PERFORM report_forget_day(OLD.date);
    PERFORM report_forget_day(NEW.date);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_forget_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM report_forget_day(OLD.date); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_forget_day(NEW.date); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_report_days" AFTER INSERT OR UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "report_forget_payment"();--> statement-breakpoint
CREATE TRIGGER "payment_refunds_report_days" AFTER INSERT OR UPDATE OR DELETE ON "payment_refunds"
  FOR EACH ROW EXECUTE FUNCTION "report_forget_refund"();--> statement-breakpoint
CREATE TRIGGER "reservations_report_days" AFTER INSERT OR UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "report_forget_reservation"();--> statement-breakpoint
CREATE TRIGGER "events_report_days" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "report_forget_event"();
