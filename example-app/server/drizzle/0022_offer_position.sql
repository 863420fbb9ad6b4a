DROP INDEX "offers_category_idx";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "offers_category_position_idx" ON "offers" USING btree ("category","position","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Each category's offers numbered 0, 1, 2... newest first (id descending on a tie), as members
-- and the console listed them until now: the order anyone sees does not change.
UPDATE "offers" SET "position" = "o"."n" FROM (
  SELECT "id", (row_number() OVER (PARTITION BY "category" ORDER BY "created_at" DESC, "id" DESC) - 1)::integer AS "n" FROM "offers"
) AS "o" WHERE "offers"."id" = "o"."id";
