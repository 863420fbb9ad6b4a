-- The development outbox becomes the mail queue (mail/queue.ts). Its earlier rows were development
-- copies only (a production start deleted them), without a kind: they are dropped.
DELETE FROM "outbox";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "unsubscribable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
-- A queued message wakes the mail workers of every process once its transaction commits
-- (NOTIFY matchkit_mail_queued, no payload); the workers also poll, so a lost notice only delays.
CREATE FUNCTION "matchkit_mail_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('matchkit_mail_queued', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_mail_queued" AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_mail_queued"();
