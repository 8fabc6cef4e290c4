-- No double booking, ever (DECISIONS.md): the database is the last line.
-- A reservation may not overlap another non-cancelled reservation of the same court or
-- the same dart bay, on the venue's wall-clock time range.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_court_overlap"
  EXCLUDE USING gist ("court_id" WITH =, tsrange("date" + "start_time", "date" + "end_time") WITH &&)
  WHERE ("status" <> 'cancelled' AND "court_id" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_dart_bay_overlap"
  EXCLUDE USING gist ("dart_bay_id" WITH =, tsrange("date" + "start_time", "date" + "end_time") WITH &&)
  WHERE ("status" <> 'cancelled' AND "dart_bay_id" IS NOT NULL);
