-- Login throttling moved to rate-limiter-flexible (docs/decisions/007-rate-limits.md): its Postgres store's table
-- replaces login_failures.
DROP TABLE "login_failures" CASCADE;
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");