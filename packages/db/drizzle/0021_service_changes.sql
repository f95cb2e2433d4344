CREATE TABLE "service_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_changes" ADD CONSTRAINT "service_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_changes" ADD CONSTRAINT "service_changes_version_id_service_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_changes_service_idx" ON "service_changes" USING btree ("service_id","published_at");