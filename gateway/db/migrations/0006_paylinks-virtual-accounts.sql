CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"pay_id" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settlement_id" text,
	CONSTRAINT "sandbox_charges_source_key" UNIQUE("source_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_paylinks" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"short_url" text NOT NULL,
	"pay_id" text NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"cust_name" text DEFAULT '' NOT NULL,
	"cust_email" text DEFAULT '' NOT NULL,
	"cust_phone" text DEFAULT '' NOT NULL,
	"expire_by" text DEFAULT '' NOT NULL,
	"expire_at" timestamp with time zone,
	"validate_beneficiary" boolean DEFAULT false NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"notify_private" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "sandbox_paylinks_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_va_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"pay_id" text NOT NULL,
	"va_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"mode" text NOT NULL,
	"payer_name" text NOT NULL,
	"utr" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settlement_id" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_virtual_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"pay_id" text NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"cust_name" text NOT NULL,
	"account_number" text NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"notify_private" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "sandbox_virtual_accounts_number_key" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE INDEX "sandbox_charges_unsettled" ON "sandbox_charges" USING btree ("pay_id","created_at") WHERE settlement_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paylinks_reference" ON "sandbox_paylinks" USING btree ("pay_id","reference_id") WHERE reference_id <> '';--> statement-breakpoint
CREATE INDEX "sandbox_paylinks_merchant_created" ON "sandbox_paylinks" USING btree ("pay_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_paylinks_expiring" ON "sandbox_paylinks" USING btree ("pay_id","expire_at") WHERE status = 'CREATED' AND expire_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_va_credits_account" ON "sandbox_va_credits" USING btree ("va_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_va_credits_unsettled" ON "sandbox_va_credits" USING btree ("pay_id","created_at") WHERE status = 'CREDITED' AND settlement_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_virtual_accounts_reference" ON "sandbox_virtual_accounts" USING btree ("pay_id","reference_id") WHERE reference_id <> '';--> statement-breakpoint
CREATE INDEX "sandbox_virtual_accounts_merchant_created" ON "sandbox_virtual_accounts" USING btree ("pay_id","created_at");