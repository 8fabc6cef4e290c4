ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "holds_status_expires_idx" ON "holds" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payments_hold_idx" ON "payments" USING btree ("hold_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancel_reason_check" CHECK ("reservations"."cancel_reason" is null or "reservations"."cancel_reason" in ('hold_expired', 'hold_cancelled', 'item_removed'));