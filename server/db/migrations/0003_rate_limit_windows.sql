-- Mutation rate-limit counters shared by all API processes (server/http/rate-limit.ts, RATE_LIMIT_STORE=database).
CREATE TABLE "rate_limit_windows" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_key_window_start_pk" PRIMARY KEY("key","window_start")
);
