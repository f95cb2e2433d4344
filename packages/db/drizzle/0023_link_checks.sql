CREATE TABLE "link_checks" (
	"url" text PRIMARY KEY NOT NULL,
	"status" integer,
	"ok" boolean NOT NULL,
	"problem" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
