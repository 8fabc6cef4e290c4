ALTER TABLE "users" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "reminder_lead_hours" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "reminder_second_lead_hours" integer;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD CONSTRAINT "venue_settings_reminder_leads_check" CHECK (("reminder_lead_hours" is null or "reminder_lead_hours" between 1 and 72) and ("reminder_second_lead_hours" is null or "reminder_second_lead_hours" between 1 and 72));--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "sms_outbox_status_check" CHECK ("status" in ('pending', 'sent', 'failed'))
);--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"lead_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_kind_check" CHECK ("booking_kind" in ('reservation', 'registration'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_once_key" ON "reminder_sends" USING btree ("booking_kind","booking_id","starts_at","lead_minutes");--> statement-breakpoint
CREATE TABLE "court_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_type" text NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"duration" integer NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"wants_sms" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"client_ip" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "court_alerts_facility_type_check" CHECK ("facility_type" in ('court', 'dart_bay')),
	CONSTRAINT "court_alerts_status_check" CHECK ("status" in ('active', 'notified', 'expired')),
	CONSTRAINT "court_alerts_duration_check" CHECK ("duration" > 0)
);--> statement-breakpoint
ALTER TABLE "court_alerts" ADD CONSTRAINT "court_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "court_alerts_active_date_idx" ON "court_alerts" USING btree ("date") WHERE "court_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "court_alerts_active_email_idx" ON "court_alerts" USING btree (lower("email")) WHERE "court_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "court_alerts_client_ip_created_idx" ON "court_alerts" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "court_alerts_one_per_slot_key" ON "court_alerts" USING btree (lower("email"),"facility_type","date","start_time","duration") WHERE "court_alerts"."status" = 'active';
