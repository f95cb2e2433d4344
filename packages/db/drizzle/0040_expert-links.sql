CREATE TABLE "expert_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expert_name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "version_comments" ADD COLUMN "expert_link_id" integer;--> statement-breakpoint
ALTER TABLE "expert_links" ADD CONSTRAINT "expert_links_version_id_service_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expert_links_token_idx" ON "expert_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "expert_links_version_idx" ON "expert_links" USING btree ("version_id");--> statement-breakpoint
ALTER TABLE "version_comments" ADD CONSTRAINT "version_comments_expert_link_id_expert_links_id_fk" FOREIGN KEY ("expert_link_id") REFERENCES "public"."expert_links"("id") ON DELETE set null ON UPDATE no action;