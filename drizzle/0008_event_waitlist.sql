CREATE TABLE "event_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"player_names" text,
	"skill_level" text,
	"is_member" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"manage_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offered_by_staff" boolean DEFAULT false NOT NULL,
	"registration_id" uuid,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waitlist_status_check" CHECK ("event_waitlist"."status" in ('waiting', 'offered', 'accepted', 'declined', 'lapsed', 'left', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_waitlist_event_status_idx" ON "event_waitlist" USING btree ("event_id","status","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_live_email_idx" ON "event_waitlist" USING btree ("event_id",lower("customer_email")) WHERE "event_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "event_waitlist_offer_due_idx" ON "event_waitlist" USING btree ("offer_expires_at") WHERE "event_waitlist"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "event_waitlist_client_ip_idx" ON "event_waitlist" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "event_registrations_pending_due_idx" ON "event_registrations" USING btree ("hold_expires_at") WHERE "event_registrations"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "waitlist_offer_minutes" integer;
