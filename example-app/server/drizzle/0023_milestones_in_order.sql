-- A member's first and second payments by their instants, whichever transaction commits first.
-- Before, the trigger took paid1 for whichever payment's insert came first: a payment recorded
-- while an earlier one of the same member was still being committed by another process (or
-- recorded later, as a provider's late notice may be) became paid1, the earlier one paid2. Now a
-- payment that may be one of the member's first two takes a lock on the member for the rest of its
-- transaction, then writes paid1 and paid2 again from the member's payments as migration 0021
-- defines them (the first two that buy a term, by instant then id): a second payment of the member
-- waits for the first's transaction, then reads it. A payment later than a paid2 already committed
-- is neither and takes no lock.
CREATE OR REPLACE FUNCTION "matchkit_ledger_milestones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" = 'trial' THEN
    INSERT INTO "member_milestones" ("user_id", "stage", "at") VALUES (NEW."user_id", 'trial', NEW."at") ON CONFLICT DO NOTHING;
  ELSIF NEW."type" = 'payment' AND NEW."amount" > 0 AND NEW."base_payment_id" IS NULL THEN
    IF EXISTS (SELECT 1 FROM "member_milestones" WHERE "user_id" = NEW."user_id" AND "stage" = 'paid2' AND "at" <= NEW."at") THEN
      RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended('member_milestones:' || NEW."user_id", 0));
    -- A statement of its own after the lock: it reads what the transaction that held it committed.
    INSERT INTO "member_milestones" ("user_id", "stage", "at")
      SELECT NEW."user_id", CASE WHEN "n" = 1 THEN 'paid1' ELSE 'paid2' END, "at" FROM (
        SELECT "at", row_number() OVER (ORDER BY "at", "id") AS "n"
        FROM "ledger"
        WHERE "user_id" = NEW."user_id" AND "type" = 'payment' AND "amount" > 0 AND "base_payment_id" IS NULL
      ) AS "p" WHERE "n" <= 2
      ON CONFLICT ("user_id", "stage") DO UPDATE SET "at" = EXCLUDED."at"
        WHERE "member_milestones"."at" IS DISTINCT FROM EXCLUDED."at";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The payments already recorded out of order, counted again (as 0021 did).
DELETE FROM "member_milestones" WHERE "stage" IN ('paid1', 'paid2');--> statement-breakpoint
INSERT INTO "member_milestones" ("user_id", "stage", "at")
  SELECT "user_id", CASE WHEN "n" = 1 THEN 'paid1' ELSE 'paid2' END, "at" FROM (
    SELECT "user_id", "at", row_number() OVER (PARTITION BY "user_id" ORDER BY "at", "id") AS "n"
    FROM "ledger" WHERE "type" = 'payment' AND "amount" > 0 AND "base_payment_id" IS NULL
  ) AS "p" WHERE "n" <= 2;
