CREATE TABLE "data_accesses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"citizen_sub" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_sub" text NOT NULL,
	"staff_name" text NOT NULL,
	"department" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"request_id" integer,
	"protocol" text,
	"service" text
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "deadline_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "data_accesses_citizen_idx" ON "data_accesses" USING btree ("citizen_sub","at");--> statement-breakpoint
CREATE FUNCTION "data_accesses_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'data_accesses: a record of access is never changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "data_accesses_keep" BEFORE UPDATE OR DELETE ON "data_accesses" FOR EACH ROW EXECUTE FUNCTION "data_accesses_keep"();
