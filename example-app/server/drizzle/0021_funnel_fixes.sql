CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_milestones_at_idx" ON "member_milestones" USING btree ("at");--> statement-breakpoint
-- An upgrade's prorated charge (it builds on a base payment) is not a payment of a term: the
-- funnel's first and second payments count only payments that buy a term.
CREATE OR REPLACE FUNCTION "matchkit_ledger_milestones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" = 'trial' THEN
    INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'trial', NEW."at") ON CONFLICT DO NOTHING;
  ELSIF NEW."type" = 'payment' AND NEW."amount" > 0 AND NEW."base_payment_id" IS NULL THEN
    INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'paid1', NEW."at") ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'paid2', NEW."at") ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM "member_milestones" WHERE "stage" IN ('paid1', 'paid2');--> statement-breakpoint
INSERT INTO "member_milestones" ("user_id", "stage", "at")
  SELECT "user_id", CASE WHEN "n" = 1 THEN 'paid1' ELSE 'paid2' END, "at" FROM (
    SELECT "user_id", "at", row_number() OVER (PARTITION BY "user_id" ORDER BY "at", "id") AS "n"
    FROM "ledger" WHERE "type" = 'payment' AND "amount" > 0 AND "base_payment_id" IS NULL
  ) AS "p" WHERE "n" <= 2;
