-- A member's record (their users row, billing ledger and refunds) changed: NOTIFY the member's id
-- (the id only; '*' after a TRUNCATE) on the channel matchkit_member_changed once the change commits. The embedded
-- database's process listens and drops its cached copy of that member's record before the writing
-- query's promise resolves; on PostgreSQL nothing listens and the notices are dropped.
CREATE FUNCTION "matchkit_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('matchkit_member_changed', OLD.id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('matchkit_member_changed', NEW.id); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('matchkit_member_changed', OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('matchkit_member_changed', NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_member_changed" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_changed"();--> statement-breakpoint
CREATE TRIGGER "ledger_member_changed" AFTER INSERT OR UPDATE OR DELETE ON "ledger" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_changed"();--> statement-breakpoint
CREATE TRIGGER "refunds_member_changed" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_changed"();--> statement-breakpoint
CREATE FUNCTION "matchkit_members_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('matchkit_member_changed', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_members_truncated"();--> statement-breakpoint
CREATE TRIGGER "ledger_truncated" AFTER TRUNCATE ON "ledger" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_members_truncated"();--> statement-breakpoint
CREATE TRIGGER "refunds_truncated" AFTER TRUNCATE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_members_truncated"();
