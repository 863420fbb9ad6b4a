CREATE TABLE "odds_api_books" (
	"provider" text NOT NULL,
	"sport" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"events" jsonb NOT NULL,
	CONSTRAINT "odds_api_books_provider_sport_pk" PRIMARY KEY("provider","sport")
);
