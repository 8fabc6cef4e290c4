-- Issue 33: the bookings report's per-day counts of closed days, stored and forgotten as the other
-- reports' days are (migration 0029, decision 039; decision 044): per channel, the day's confirmed
-- bookings, cancellations, check-ins and no-shows ({"online": {"bookings": 3, ...}}, channels with
-- none left out). Every booking of a stored day started before the report's clock, so its started
-- bookings are its bookings and are not stored.
CREATE TABLE "report_booking_days" (
	"day" date PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The rows the bookings report counts, by date: its live days (today, yesterday) and the quarters it
-- stores read them through this instead of the whole table, whose ended holds are most of its rows.
CREATE INDEX "reservations_date_booking_idx" ON "reservations" USING btree ("date") WHERE "reservations"."status" = 'confirmed' OR ("reservations"."status" = 'cancelled' AND "reservations"."cancel_reason" IS NULL);--> statement-breakpoint
-- The reservations' trigger forgets a changed reservation's date(s) through this function.
CREATE OR REPLACE FUNCTION "report_forget_day"("p_day" date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "p_day" IS NULL OR "p_day" >= (clock_timestamp() AT TIME ZONE 'America/Chicago')::date THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('report-days', 0));
  DELETE FROM report_revenue_days WHERE day = "p_day";
  DELETE FROM report_usage_days WHERE day = "p_day";
  DELETE FROM report_booking_days WHERE day = "p_day";
END
$$;
