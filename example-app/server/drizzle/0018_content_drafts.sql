ALTER TABLE "guides" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Everything already stored was visible to members: it stays published.
UPDATE "offers" SET "published_at" = "created_at";--> statement-breakpoint
UPDATE "guides" SET "published_at" = "updated_at";
