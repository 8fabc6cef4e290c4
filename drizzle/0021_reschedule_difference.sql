-- Issue 30 item 1: a hold that carries a dearer move of a booked item (the item's id); its payment
-- is of purpose "reschedule" (purposes are declared in code since 0012).
ALTER TABLE "holds" ADD COLUMN "reschedule_of" uuid;--> statement-breakpoint
CREATE INDEX "holds_reschedule_of_idx" ON "holds" USING btree ("reschedule_of") WHERE "holds"."reschedule_of" is not null;
