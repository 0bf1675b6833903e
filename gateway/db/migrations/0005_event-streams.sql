CREATE TABLE "sandbox_event_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"pay_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_event_streams_pay_id" ON "sandbox_event_streams" USING btree ("pay_id","expires_at");