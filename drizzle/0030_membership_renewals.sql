-- Memberships' renewals are payments too (decision 040): each paid renewal invoice is one payments
-- row of purpose 'membership' holding the invoice's id (provider_payment_id, as the signup's row
-- holds its first invoice), marked is_renewal so a renewal is never counted as a new membership.
-- One row per invoice, however often the provider reports it paid.
ALTER TABLE "payments" ADD COLUMN "is_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_membership_invoice_key" ON "payments" USING btree ("provider", "provider_payment_id") WHERE "purpose" = 'membership' and "provider_payment_id" is not null;
