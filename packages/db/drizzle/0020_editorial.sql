CREATE TABLE "editorial_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_sub" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"service_id" integer,
	"version_id" integer,
	"department_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"state" text NOT NULL,
	"content" jsonb NOT NULL,
	"base_version_id" integer,
	"change_note" text DEFAULT '' NOT NULL,
	"review_comment" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_by_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "service_versions" ADD CONSTRAINT "service_versions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_versions" ADD CONSTRAINT "service_versions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editorial_audit_at_idx" ON "editorial_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "editorial_audit_service_idx" ON "editorial_audit" USING btree ("service_id","at");--> statement-breakpoint
CREATE INDEX "service_versions_service_idx" ON "service_versions" USING btree ("service_id","id");--> statement-breakpoint
CREATE INDEX "service_versions_due_idx" ON "service_versions" USING btree ("publish_at") WHERE "service_versions"."state" = 'aprovado';--> statement-breakpoint
CREATE UNIQUE INDEX "service_versions_one_open_idx" ON "service_versions" USING btree ("service_id") WHERE "service_versions"."state" in ('rascunho', 'em_revisao', 'devolvido', 'aprovado');--> statement-breakpoint
-- The audit log is append-only: a row, once written, can be neither changed nor removed.
CREATE FUNCTION editorial_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'editorial_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER editorial_audit_append_only BEFORE UPDATE OR DELETE ON "editorial_audit" FOR EACH STATEMENT EXECUTE FUNCTION editorial_audit_append_only();
