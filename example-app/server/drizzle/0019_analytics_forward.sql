CREATE TABLE "analytics_forward_queue" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_forward_queue" ADD CONSTRAINT "analytics_forward_queue_event_id_analytics_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."analytics_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_forward_queue_due_idx" ON "analytics_forward_queue" USING btree ("failed_at","lease_until");