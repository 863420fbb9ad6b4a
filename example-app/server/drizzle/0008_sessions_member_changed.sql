-- A member's live sessions are part of their record (authentication checks the access token's
-- session against it): a change to a sessions row notifies the member's id on
-- matchkit_member_changed, as migration 0002's triggers do for users, ledger and refunds.
CREATE TRIGGER "sessions_member_changed" AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "matchkit_member_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "matchkit_members_truncated"();
