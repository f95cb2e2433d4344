CREATE TABLE "feedback_status" (
	"suggestion_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"version_id" integer,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_status" ADD CONSTRAINT "feedback_status_suggestion_id_simplifique_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."simplifique_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_status" ADD CONSTRAINT "feedback_status_version_id_service_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_versions"("id") ON DELETE set null ON UPDATE no action;