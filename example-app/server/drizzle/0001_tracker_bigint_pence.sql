DROP INDEX "tracked_bets_user_placed_idx";--> statement-breakpoint
ALTER TABLE "balance_entries" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tracked_bets" ALTER COLUMN "expected_profit" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tracked_bets" ALTER COLUMN "settled_profit" SET DATA TYPE bigint;--> statement-breakpoint
CREATE INDEX "tracked_bets_user_placed_idx" ON "tracked_bets" USING btree ("user_id","placed_at","id");