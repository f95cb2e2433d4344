CREATE TABLE "department_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"created_by_sub" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_closures" ADD CONSTRAINT "department_closures_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "department_closures_day_idx" ON "department_closures" USING btree (coalesce("department_id", 0),"day");