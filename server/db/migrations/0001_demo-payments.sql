CREATE TABLE "demo_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"flow" text NOT NULL,
	"amount" integer NOT NULL,
	"payment_type" text,
	"mop_type" text,
	"outcome" text DEFAULT 'created' NOT NULL,
	"response_code" text,
	"response_message" text,
	"txn_id" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "demo_payments_order_id_unique" UNIQUE("order_id")
);
