CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_sub" text NOT NULL,
	"state" text NOT NULL,
	"storage_key" text,
	"bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_contacts" (
	"user_sub" text PRIMARY KEY NOT NULL,
	"email" text,
	"phone" text,
	"pending_email" text,
	"pending_code_hash" text,
	"pending_expires_at" timestamp with time zone,
	"pending_tries" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"user_sub" text NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_user_sub_kind_pk" PRIMARY KEY("user_sub","kind")
);
--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_sub","created_at");