-- Issue 33 item 3: the revenue report reads the payments taken in a date range (completed, or
-- refunded since) by when they were made; on three years of a busy venue that is a range scan of
-- this index, not the whole table.
CREATE INDEX "payments_paid_created_idx" ON "payments" USING btree ("created_at") WHERE "state" in ('completed', 'refunded');
