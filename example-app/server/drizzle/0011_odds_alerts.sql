CREATE TABLE "odds_alert_matches" (
	"alert_id" text NOT NULL,
	"user_id" text NOT NULL,
	"match_key" text NOT NULL,
	"match" jsonb NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "odds_alert_matches_alert_id_match_key_pk" PRIMARY KEY("alert_id","match_key")
);
--> statement-breakpoint
CREATE TABLE "odds_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tool" text NOT NULL,
	"name" text NOT NULL,
	"rule" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "odds_alert_matches" ADD CONSTRAINT "odds_alert_matches_alert_id_odds_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."odds_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds_alert_matches" ADD CONSTRAINT "odds_alert_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds_alerts" ADD CONSTRAINT "odds_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "odds_alert_matches_user_idx" ON "odds_alert_matches" USING btree ("user_id","found_at");--> statement-breakpoint
CREATE INDEX "odds_alerts_user_idx" ON "odds_alerts" USING btree ("user_id","created_at");