DROP INDEX "reservations_date_type_idx";--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "hold_limit_active_per_visitor" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "hold_limit_slots_per_hold" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "hold_limit_per_address" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "hold_limit_window_minutes" integer;--> statement-breakpoint
CREATE INDEX "holds_client_ip_created_idx" ON "holds" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "holds_customer_email_active_idx" ON "holds" USING btree ("customer_email") WHERE "holds"."status" = 'active';--> statement-breakpoint
CREATE INDEX "reservations_date_type_live_idx" ON "reservations" USING btree ("date","facility_type") WHERE "reservations"."status" <> 'cancelled';