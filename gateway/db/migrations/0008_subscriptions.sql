CREATE TABLE "sandbox_subscription_debits" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"pay_id" text NOT NULL,
	"cycle" integer NOT NULL,
	"attempt" integer NOT NULL,
	"amount" bigint NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	"debit_at" timestamp with time zone NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"response_code" text DEFAULT '' NOT NULL,
	"payment_id" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"auth_url" text NOT NULL,
	"pay_id" text NOT NULL,
	"reference" text NOT NULL,
	"method" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"max_amount" bigint NOT NULL,
	"frequency" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"cust_name" text NOT NULL,
	"cust_email" text NOT NULL,
	"cust_phone" text NOT NULL,
	"return_url" text NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"notify_private" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"anchor_date" text DEFAULT '' NOT NULL,
	"instrument" text DEFAULT '' NOT NULL,
	"instrument_outcome" text,
	"payment_type" text DEFAULT '' NOT NULL,
	"mop_type" text DEFAULT '' NOT NULL,
	"next_cycle" integer DEFAULT 0 NOT NULL,
	"paid_cycles" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "sandbox_subscriptions_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_subscription_debits_attempt" ON "sandbox_subscription_debits" USING btree ("subscription_id","cycle","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_subscription_debits_paid_cycle" ON "sandbox_subscription_debits" USING btree ("subscription_id","cycle") WHERE status = 'CHARGED';--> statement-breakpoint
CREATE INDEX "sandbox_subscription_debits_latest" ON "sandbox_subscription_debits" USING btree ("subscription_id","notified_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_subscriptions_reference" ON "sandbox_subscriptions" USING btree ("pay_id","reference");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_merchant_created" ON "sandbox_subscriptions" USING btree ("pay_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_due" ON "sandbox_subscriptions" USING btree ("pay_id","next_due_at") WHERE next_due_at IS NOT NULL;