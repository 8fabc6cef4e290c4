CREATE TABLE "manage_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manage_links" ADD CONSTRAINT "manage_links_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manage_links_hold_idx" ON "manage_links" USING btree ("hold_id");--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "self_service_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "self_service_hours_before" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD COLUMN "self_service_refund_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_settings" ADD CONSTRAINT "venue_settings_self_service_check" CHECK ("venue_settings"."self_service_hours_before" between 0 and 720 and "venue_settings"."self_service_refund_percent" between 0 and 100);
