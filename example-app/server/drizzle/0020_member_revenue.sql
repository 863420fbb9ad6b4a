CREATE TABLE "member_revenue_changes" (
	"user_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "member_revenue_changes_user_id_at_pk" PRIMARY KEY("user_id","at"),
	CONSTRAINT "member_revenue_changes_pence" CHECK ("member_revenue_changes"."before" >= 0 and "member_revenue_changes"."after" >= 0 and "member_revenue_changes"."before" <> "member_revenue_changes"."after"),
	CONSTRAINT "member_revenue_changes_kind" CHECK ("member_revenue_changes"."kind" in ('new', 'expansion', 'contraction', 'churned'))
);
--> statement-breakpoint
CREATE TABLE "member_revenue_stale" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_revenue_changes" ADD CONSTRAINT "member_revenue_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_revenue_changes_at_idx" ON "member_revenue_changes" USING btree ("at");--> statement-breakpoint
-- A member's revenue changes are behind their ledger from the transaction that changes their ledger
-- or refunds: the mark commits with the change or not at all, so a process that dies before it
-- rebuilds loses nothing (the next start rebuilds every member marked). Each change bumps the
-- version, so a rebuild that read an older version leaves the mark for the next.
CREATE FUNCTION "matchkit_member_revenue_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id") THEN
    INSERT INTO "member_revenue_stale" ("user_id") VALUES (OLD."user_id")
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "member_revenue_stale"."version" + 1;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "member_revenue_stale" ("user_id") VALUES (NEW."user_id")
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "member_revenue_stale"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_revenue_stale" AFTER INSERT OR UPDATE OR DELETE ON "ledger" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_revenue_stale"();--> statement-breakpoint
CREATE TRIGGER "refunds_revenue_stale" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_revenue_stale"();--> statement-breakpoint
-- A TRUNCATE fires no row trigger: it marks every member who has revenue changes or ledger rows.
CREATE FUNCTION "matchkit_member_revenue_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_revenue_stale" ("user_id")
    SELECT "user_id" FROM "member_revenue_changes" UNION SELECT "user_id" FROM "ledger"
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "member_revenue_stale"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_revenue_truncated" AFTER TRUNCATE ON "ledger" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_member_revenue_truncated"();--> statement-breakpoint
CREATE TRIGGER "refunds_revenue_truncated" AFTER TRUNCATE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_member_revenue_truncated"();--> statement-breakpoint
-- Every member with a ledger already is behind: the first start after this migration builds them.
INSERT INTO "member_revenue_stale" ("user_id") SELECT DISTINCT "user_id" FROM "ledger" ON CONFLICT DO NOTHING;
