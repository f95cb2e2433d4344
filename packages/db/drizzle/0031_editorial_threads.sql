CREATE TABLE "version_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"kind" text NOT NULL,
	"author_sub" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editorial_staff" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_versions" ADD COLUMN "returned_content" jsonb;--> statement-breakpoint
ALTER TABLE "version_comments" ADD CONSTRAINT "version_comments_version_id_service_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "version_comments_version_idx" ON "version_comments" USING btree ("version_id","created_at");--> statement-breakpoint
-- Returns written before the thread existed become its first comments.
INSERT INTO "version_comments" ("version_id", "kind", "author_sub", "author_name", "body", "created_at")
SELECT "id", 'devolucao', "reviewed_by", "reviewed_by_name", "review_comment", coalesce("reviewed_at", "updated_at") FROM "service_versions" WHERE "review_comment" <> '';
