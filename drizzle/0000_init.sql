CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"outcome" text NOT NULL,
	"details" jsonb,
	CONSTRAINT "audit_log_outcome_check" CHECK ("audit_log"."outcome" in ('success', 'denied', 'error'))
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"min_purchase_cents" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_type_check" CHECK ("coupon_codes"."type" in ('percentage', 'fixed_amount')),
	CONSTRAINT "coupon_codes_value_check" CHECK ("coupon_codes"."value" >= 0.01),
	CONSTRAINT "coupon_codes_min_purchase_check" CHECK ("coupon_codes"."min_purchase_cents" >= 0),
	CONSTRAINT "coupon_codes_max_uses_check" CHECK ("coupon_codes"."max_uses" is null or "coupon_codes"."max_uses" >= 1),
	CONSTRAINT "coupon_codes_current_uses_check" CHECK ("coupon_codes"."current_uses" >= 0),
	CONSTRAINT "coupon_codes_dates_check" CHECK ("coupon_codes"."end_date" >= "coupon_codes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "courts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dart_bays" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"player_names" text,
	"skill_level" text,
	"is_member" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"payment_id" text,
	"is_refunded" boolean DEFAULT false NOT NULL,
	"hold_token_hash" text,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_status_check" CHECK ("event_registrations"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "event_registrations_payment_status_check" CHECK ("event_registrations"."payment_status" in ('pending', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text DEFAULT 'open_play' NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"courts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"max_participants" integer DEFAULT 16 NOT NULL,
	"member_price_cents" integer DEFAULT 0 NOT NULL,
	"non_member_price_cents" integer DEFAULT 0 NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_partnered" boolean DEFAULT false NOT NULL,
	"hide_participants" boolean DEFAULT false NOT NULL,
	"skill_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_type_check" CHECK ("events"."type" in ('open_play', 'league', 'classes', 'ladder', 'tournament', 'foodie')),
	CONSTRAINT "events_time_order_check" CHECK ("events"."end_time" > "events"."start_time"),
	CONSTRAINT "events_max_participants_check" CHECK ("events"."max_participants" >= 1),
	CONSTRAINT "events_prices_check" CHECK ("events"."member_price_cents" >= 0 and "events"."non_member_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"coupon_id" uuid,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holds_status_check" CHECK ("holds"."status" in ('active', 'paid', 'expired', 'cancelled')),
	CONSTRAINT "holds_amounts_check" CHECK ("holds"."subtotal_cents" >= 0 and "holds"."discount_cents" >= 0 and "holds"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_key" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_hours" (
	"day_of_week" integer PRIMARY KEY NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL,
	CONSTRAINT "operating_hours_day_check" CHECK ("operating_hours"."day_of_week" between 0 and 6),
	CONSTRAINT "operating_hours_order_check" CHECK ("operating_hours"."closes_at" > "operating_hours"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"hold_id" uuid,
	"registration_id" uuid,
	"signup_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('stripe', 'test')),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('reservation', 'event_registration', 'membership')),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('created', 'completed', 'expired', 'refunded', 'failed')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_cents" >= 0 and "payments"."refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pending_membership_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"plan" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_membership_signups_plan_check" CHECK ("pending_membership_signups"."plan" in ('monthly', 'annual')),
	CONSTRAINT "pending_membership_signups_status_check" CHECK ("pending_membership_signups"."status" in ('pending', 'completed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"facility_type" text NOT NULL,
	"court_id" integer,
	"dart_bay_id" integer,
	"duration" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"manual_payment_status" text,
	"is_member" boolean DEFAULT false NOT NULL,
	"is_free_member_booking" boolean DEFAULT false NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"notes" text,
	"wants_sms_reminders" boolean DEFAULT false NOT NULL,
	"is_admin_created" boolean DEFAULT false NOT NULL,
	"payment_id" text,
	"is_refunded" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"hold_id" uuid,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_facility_type_check" CHECK ("reservations"."facility_type" in ('court', 'dart_bay')),
	CONSTRAINT "reservations_facility_check" CHECK (("reservations"."facility_type" = 'court' and "reservations"."court_id" is not null and "reservations"."dart_bay_id" is null) or ("reservations"."facility_type" = 'dart_bay' and "reservations"."dart_bay_id" is not null and "reservations"."court_id" is null)),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "reservations_payment_status_check" CHECK ("reservations"."payment_status" in ('pending', 'paid')),
	CONSTRAINT "reservations_manual_payment_status_check" CHECK ("reservations"."manual_payment_status" is null or "reservations"."manual_payment_status" in ('unpaid', 'paid')),
	CONSTRAINT "reservations_time_order_check" CHECK ("reservations"."end_time" > "reservations"."start_time"),
	CONSTRAINT "reservations_duration_check" CHECK ("reservations"."duration" > 0),
	CONSTRAINT "reservations_price_check" CHECK ("reservations"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"is_member" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"membership_plan" text,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"next_billing_date" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_membership_plan_check" CHECK ("users"."membership_plan" is null or "users"."membership_plan" in ('monthly', 'annual'))
);
--> statement-breakpoint
CREATE TABLE "venue_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"venue_name" text,
	"club_name" text,
	"phone" text,
	"email" text,
	"address" text,
	"policy_host" text,
	"logo_url" text,
	"waiver_url" text,
	"manager_password_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_settings_single_row" CHECK ("venue_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_coupon_id_coupon_codes_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_membership_signups" ADD CONSTRAINT "pending_membership_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_dart_bay_id_dart_bays_id_fk" FOREIGN KEY ("dart_bay_id") REFERENCES "public"."dart_bays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_lower_key" ON "coupon_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "event_registrations_event_idx" ON "event_registrations" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date");--> statement-breakpoint
CREATE INDEX "holds_coupon_active_idx" ON "holds" USING btree ("coupon_id","status");--> statement-breakpoint
CREATE INDEX "login_attempts_email_at_idx" ON "login_attempts" USING btree ("email_key","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_session_key" ON "payments" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "reservations_date_type_idx" ON "reservations" USING btree ("date","facility_type");--> statement-breakpoint
CREATE INDEX "reservations_user_date_idx" ON "reservations" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "reservations_hold_idx" ON "reservations" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");