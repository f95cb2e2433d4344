CREATE TABLE "editorial_staff" (
	"sub" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"roles" text[] NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "review_by" date DEFAULT (current_date + interval '12 months')::date NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "review_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_versions" ADD COLUMN "emergency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_versions" ADD COLUMN "emergency_reviewed_by" text;--> statement-breakpoint
-- A service's first review date: a year after it last changed.
UPDATE "services" SET "review_by" = ("updated_at" + interval '12 months')::date;
