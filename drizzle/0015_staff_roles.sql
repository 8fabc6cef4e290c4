-- Issue 33: staff roles (owner, manager, front desk), staff invitations, check-in and no-shows.
-- users.is_admin stays (the spec's column) but is now derived from the role, so the two never disagree.
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- The earliest staff account becomes the owner; every other admin keeps what they could do as a manager.
UPDATE "users" SET "staff_role" = CASE
	WHEN "id" = (SELECT "id" FROM "users" WHERE "is_admin" ORDER BY "created_at", "id" LIMIT 1) THEN 'owner'
	ELSE 'manager'
END WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean GENERATED ALWAYS AS ("staff_role" IS NOT NULL) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" is null or "users"."staff_role" in ('owner', 'manager', 'front_desk'));--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("staff_role") WHERE "users"."staff_role" is not null;--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_role_check" CHECK ("staff_invitations"."role" in ('owner', 'manager', 'front_desk'))
);--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "checked_in_by" text REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "no_show_by" text REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_check_in_or_no_show_check" CHECK ("reservations"."checked_in_at" is null or "reservations"."no_show_at" is null);--> statement-breakpoint
CREATE INDEX "reservations_no_show_email_idx" ON "reservations" USING btree (lower("customer_email")) WHERE "reservations"."no_show_at" is not null;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "checked_in_by" text REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
-- A booking reference (BK- and the hold id's first 8 hex digits, domain/self-service-policy.ts) is found by this.
CREATE INDEX "holds_reference_idx" ON "holds" USING btree (upper(left(replace("id"::text, '-', ''), 8)));
