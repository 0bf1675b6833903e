ALTER TABLE "sandbox_paylinks" ADD COLUMN "payer_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_paylinks" ADD COLUMN "payer_name" text DEFAULT '' NOT NULL;