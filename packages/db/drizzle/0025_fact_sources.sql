CREATE TABLE "service_fact_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"fact" text NOT NULL,
	"source" text NOT NULL,
	"valid_until" date,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "service_fact_sources" ADD CONSTRAINT "service_fact_sources_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_fact_sources_fact_idx" ON "service_fact_sources" USING btree ("service_id","fact");--> statement-breakpoint
CREATE INDEX "service_fact_sources_valid_idx" ON "service_fact_sources" USING btree ("valid_until");