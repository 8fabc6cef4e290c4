-- Issue 34: an event registration's manage link (its token's SHA-256 only; the token is emailed
-- once), and the venue's policy that lets members cancel their membership online at period end
-- (off by default: the spec's staff cancellation with the manager password stays).
ALTER TABLE "event_registrations" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "member_self_cancel" boolean DEFAULT false NOT NULL;
