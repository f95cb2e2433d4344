-- A discontinued service says why and, when there is one, which service took its place (issue 13, decision 017).
ALTER TABLE "services" ADD COLUMN "discontinued_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_replaced_by_id_services_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;