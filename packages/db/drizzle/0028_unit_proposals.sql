CREATE TABLE "unit_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"unit_slug" text,
	"content" jsonb NOT NULL,
	"state" text DEFAULT 'pendente' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unit_proposals" ADD CONSTRAINT "unit_proposals_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_proposals_department_idx" ON "unit_proposals" USING btree ("department_id","state");