CREATE TABLE "simplifique_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol" text,
	"subject" text NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"user_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simplifique_suggestions_protocol_unique" UNIQUE("protocol")
);
--> statement-breakpoint
CREATE INDEX "simplifique_suggestions_created_idx" ON "simplifique_suggestions" USING btree ("created_at");