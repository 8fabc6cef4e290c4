-- Issue 14 item 6 (decision 021): recurring events created together share a series id, so staff
-- can edit or delete one occurrence, this and the following ones, or the whole series. Nullable:
-- existing events and single events stay outside any series (nothing to backfill).
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id","date") WHERE "events"."series_id" IS NOT NULL;
