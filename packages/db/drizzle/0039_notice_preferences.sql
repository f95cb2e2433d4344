CREATE TABLE "notice_preferences" (
	"user_sub" text NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_user_sub_kind_pk" PRIMARY KEY("user_sub","kind")
);
