ALTER TABLE "affiliate_entries" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "affiliate_entries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_ip_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_device_hash" text;