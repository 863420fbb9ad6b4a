CREATE TABLE "odds_api_pacing" (
	"provider" text NOT NULL,
	"sport" text NOT NULL,
	"polled_at" timestamp with time zone NOT NULL,
	"pace_ms" integer NOT NULL,
	CONSTRAINT "odds_api_pacing_provider_sport_pk" PRIMARY KEY("provider","sport"),
	CONSTRAINT "odds_api_pacing_pace_ms_check" CHECK ("odds_api_pacing"."pace_ms" >= 0)
);
