-- Issue 32 items 4 and 5 (docs/decisions: the refund ledger). A booking paid at the desk is a
-- payments row of provider 'desk' with its method (cash, or a card taken at the desk); online
-- payments keep method 'online'. Every refund, of any payment, is one payment_refunds row with its
-- amount, who, when, why and the provider's refund id, so the reports can sum payments minus refunds.
ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("provider" in ('stripe', 'test', 'desk'));--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("method" in ('online', 'cash', 'desk_card'));--> statement-breakpoint
-- Never more back than was paid, whatever a caller computes (new rows; old ones are not re-checked).
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount_check" CHECK ("refunded_cents" <= "amount_cents") NOT VALID;--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE CASCADE,
	"reservation_id" uuid REFERENCES "reservations"("id") ON DELETE SET NULL,
	"amount_cents" integer NOT NULL,
	"actor_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"reason" text,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_key_idx" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_created_idx" ON "payment_refunds" USING btree ("created_at");
