-- Issue 34 item 4: the card the built-in test checkout's stand-in billing page keeps for a test
-- customer (Stripe keeps its own; with Stripe this table stays empty). Second migration of the
-- player-finish work: 0017 was landed, 0018 belongs to the hold-steps helper.
CREATE TABLE "test_billing_cards" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_billing_cards_card_check" CHECK ("last4" ~ '^[0-9]{4}$' and "exp_month" between 1 and 12 and "exp_year" between 2000 and 2100)
);
