CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"request_id" integer,
	"citizen_sub" text NOT NULL,
	"citizen_name" text NOT NULL,
	"service_id" integer NOT NULL,
	"department_slug" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"issued_by_sub" text NOT NULL,
	"issued_by_name" text NOT NULL,
	"issued_by_username" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_sub" text,
	"revoked_by_name" text,
	"revocation_reason" text,
	CONSTRAINT "issued_documents_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_department_slug_departments_slug_fk" FOREIGN KEY ("department_slug") REFERENCES "public"."departments"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "issued_documents_citizen_idx" ON "issued_documents" USING btree ("citizen_sub","issued_at");--> statement-breakpoint
CREATE INDEX "issued_documents_request_idx" ON "issued_documents" USING btree ("request_id");