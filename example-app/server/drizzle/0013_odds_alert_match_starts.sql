-- A match's event start, from the match it stored, so matches a day past their start are pruned.
ALTER TABLE "odds_alert_matches" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
UPDATE "odds_alert_matches" SET "starts_at" = ("match"->>'startsAt')::timestamptz;--> statement-breakpoint
ALTER TABLE "odds_alert_matches" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "odds_alert_matches_starts_idx" ON "odds_alert_matches" USING btree ("starts_at");
