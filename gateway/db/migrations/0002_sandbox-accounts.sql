CREATE TABLE "sandbox_accounts" (
	"pay_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"salt" text NOT NULL,
	"key_salt" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"bank_account" text NOT NULL,
	"console_token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_accounts_console_key" UNIQUE("console_token_hash")
);
--> statement-breakpoint
CREATE INDEX "sandbox_accounts_last_active_idx" ON "sandbox_accounts" USING btree ("last_active_at");