DROP INDEX "sandbox_webhook_events_due";--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "previous_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "previous_webhook_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "notify_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_accounts" ADD COLUMN "listened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_webhook_events" ADD COLUMN "channel" text DEFAULT 'url' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_webhook_events" ADD COLUMN "copy_of" text;--> statement-breakpoint
CREATE INDEX "sandbox_webhook_events_stream_due" ON "sandbox_webhook_events" USING btree ("pay_id","next_attempt_at") WHERE state = 'pending' AND channel = 'stream';--> statement-breakpoint
CREATE INDEX "sandbox_webhook_events_due" ON "sandbox_webhook_events" USING btree ("next_attempt_at") WHERE state = 'pending' AND channel = 'url';