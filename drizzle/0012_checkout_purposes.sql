-- Issue 29 item 2: a payment names its purpose and one reference (the purpose's own row: the hold,
-- the event registration, the membership signup) instead of one column per purpose, and keeps what
-- its checkout showed and sent (line items, metadata, return paths) for the built-in test checkout.
-- Purposes are declared in code (src/server/checkout-purposes.ts), so the check listing them goes.
ALTER TABLE "payments" ADD COLUMN "reference" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout" jsonb;--> statement-breakpoint
UPDATE "payments" SET "reference" = CASE "purpose"
	WHEN 'reservation' THEN "hold_id"
	WHEN 'event_registration' THEN "registration_id"
	WHEN 'membership' THEN "signup_id"
END;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT IF EXISTS "payments_purpose_check";--> statement-breakpoint
DROP INDEX IF EXISTS "payments_hold_idx";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "hold_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "registration_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "signup_id";--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("reference","purpose");
