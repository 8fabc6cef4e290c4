-- Issue 33 item 2: an event registration's reference (EV- and the id's first 8 hex digits,
-- domain/event-registration.ts) is typed or scanned at check-in and found by this, as 0015's
-- holds_reference_idx finds a booking's BK-. The check-in and no-show columns came with 0015.
CREATE INDEX "event_registrations_reference_idx" ON "event_registrations" USING btree (upper(left(replace("id"::text, '-', ''), 8)));
