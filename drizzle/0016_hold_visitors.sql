ALTER TABLE "holds" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
CREATE INDEX "holds_visitor_active_idx" ON "holds" USING btree ("visitor_id") WHERE "holds"."status" = 'active';--> statement-breakpoint
CREATE INDEX "holds_user_active_idx" ON "holds" USING btree ("user_id") WHERE "holds"."status" = 'active';
