CREATE TABLE "panel_counts" (
	"month" date NOT NULL,
	"department_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "panel_counts_month_department_id_service_id_metric_key_pk" PRIMARY KEY("month","department_id","service_id","metric","key")
);
--> statement-breakpoint
CREATE TABLE "panel_refreshes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"changes_since" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "panel_refreshes_one" CHECK ("panel_refreshes"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_requests_updated_idx" ON "service_requests" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "service_requests_submitted_idx" ON "service_requests" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "service_requests_ended_idx" ON "service_requests" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "verified_ratings_created_idx" ON "verified_ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appointments_updated_idx" ON "appointments" USING btree ("updated_at");