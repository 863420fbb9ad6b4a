CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"answered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_outbox_state" CHECK ("push_outbox"."state" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
-- A queued push wakes the push workers of every process once its transaction commits (NOTIFY
-- matchkit_push_queued, no payload), as migration 0012 does for mail; the workers also poll.
CREATE FUNCTION "matchkit_push_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('matchkit_push_queued', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "push_outbox_queued" AFTER INSERT ON "push_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_push_queued"();
