-- Decision 043: one provider refund is booked once. Every writer checks the ledger under the
-- payment's row lock first (recordRefund); this is the database's last word on it, and what
-- recordRefund's insert names in its ON CONFLICT, so a refund id already booked (on any payment)
-- books nothing, however the lock was missed. Refunds without a provider id (desk payments) are
-- not constrained.
CREATE UNIQUE INDEX "payment_refunds_provider_refund_key" ON "payment_refunds" USING btree ("provider_refund_id") WHERE "payment_refunds"."provider_refund_id" is not null;
