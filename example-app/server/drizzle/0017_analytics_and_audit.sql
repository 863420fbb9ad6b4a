CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"admin_id" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_events" (
	"day" date NOT NULL,
	"event_type" text NOT NULL,
	"page" text NOT NULL,
	"tier" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "analytics_daily_events_day_event_type_page_tier_pk" PRIMARY KEY("day","event_type","page","tier")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_visits" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "analytics_daily_visits_day_source_medium_campaign_pk" PRIMARY KEY("day","source","medium","campaign")
);
--> statement-breakpoint
CREATE TABLE "analytics_devices" (
	"device" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"first_source" text NOT NULL,
	"first_medium" text NOT NULL,
	"first_campaign" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"insert_id" text NOT NULL,
	"event_type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"device" text,
	"user_id" text,
	"session_id" bigint,
	"page" text,
	"properties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"device" text NOT NULL,
	"session_id" bigint NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_visits_device_session_id_pk" PRIMARY KEY("device","session_id")
);
--> statement-breakpoint
CREATE TABLE "member_attribution" (
	"user_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_milestones" (
	"user_id" text NOT NULL,
	"stage" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_milestones_user_id_stage_pk" PRIMARY KEY("user_id","stage"),
	CONSTRAINT "member_milestones_stage" CHECK ("member_milestones"."stage" in ('registered', 'trial', 'paid1', 'paid2'))
);
--> statement-breakpoint
ALTER TABLE "member_attribution" ADD CONSTRAINT "member_attribution_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_milestones" ADD CONSTRAINT "member_milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_insert_id_key" ON "analytics_events" USING btree ("insert_id");--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_visits_started_idx" ON "analytics_visits" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "member_milestones_stage_at_idx" ON "member_milestones" USING btree ("stage","at");--> statement-breakpoint
-- Analytics events are append-only: no UPDATE ever (only the retention pass deletes old rows).
-- The audit log is never edited: no UPDATE, DELETE or TRUNCATE.
CREATE FUNCTION "matchkit_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "analytics_events_append_only" BEFORE UPDATE ON "analytics_events" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "admin_audit_never_edited" BEFORE UPDATE OR DELETE OR TRUNCATE ON "admin_audit" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_refuse_change"();--> statement-breakpoint
-- The funnel's milestones (member_milestones), written in the transaction that records the member
-- or the payment, whichever code path it is: registered with the member's row; trial with their
-- first trial; paid1 and paid2 with their first and second payment of more than 0 pence (a second
-- payment racing the first waits on the first's row, then finds paid1 taken).
CREATE FUNCTION "matchkit_member_registered"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."id", 'registered', NEW."created_at") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_milestone" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_registered"();--> statement-breakpoint
CREATE FUNCTION "matchkit_ledger_milestones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" = 'trial' THEN
    INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'trial', NEW."at") ON CONFLICT DO NOTHING;
  ELSIF NEW."type" = 'payment' AND NEW."amount" > 0 THEN
    INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'paid1', NEW."at") ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'paid2', NEW."at") ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_milestones" AFTER INSERT ON "ledger" FOR EACH ROW EXECUTE FUNCTION "matchkit_ledger_milestones"();--> statement-breakpoint
-- The milestones of the members already recorded.
INSERT INTO "member_milestones" ("user_id", "stage", "at") SELECT "id", 'registered', "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "member_milestones" ("user_id", "stage", "at") SELECT "user_id", 'trial', min("at") FROM "ledger" WHERE "type" = 'trial' GROUP BY "user_id";--> statement-breakpoint
INSERT INTO "member_milestones" ("user_id", "stage", "at")
  SELECT "user_id", CASE WHEN "n" = 1 THEN 'paid1' ELSE 'paid2' END, "at" FROM (
    SELECT "user_id", "at", row_number() OVER (PARTITION BY "user_id" ORDER BY "at", "id") AS "n" FROM "ledger" WHERE "type" = 'payment' AND "amount" > 0
  ) AS "p" WHERE "n" <= 2;
