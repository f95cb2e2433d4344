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
CREATE TABLE "request_counts" (
	"department_id" integer NOT NULL,
	"state" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "request_counts_department_id_state_pk" PRIMARY KEY("department_id","state")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "deadline_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "data_accesses_citizen_idx" ON "data_accesses" USING btree ("citizen_sub","at");--> statement-breakpoint
CREATE INDEX "service_requests_open_idx" ON "service_requests" USING btree ("department_id","due_on","id","state") WHERE "service_requests"."state" in ('enviada', 'em_analise', 'aguardando_cidadao');--> statement-breakpoint
CREATE INDEX "service_requests_closed_idx" ON "service_requests" USING btree ("department_id","state","closed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_requests_service_queue_idx" ON "service_requests" USING btree ("service_id","state","due_on","id");--> statement-breakpoint
CREATE INDEX "service_requests_assignee_idx" ON "service_requests" USING btree ("assignee_sub","due_on","id") WHERE "service_requests"."state" in ('enviada', 'em_analise', 'aguardando_cidadao');--> statement-breakpoint
CREATE FUNCTION "data_accesses_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'data_accesses: a record of access is never changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "data_accesses_keep" BEFORE UPDATE OR DELETE ON "data_accesses" FOR EACH ROW EXECUTE FUNCTION "data_accesses_keep"();--> statement-breakpoint
-- The queue's counts per department and state (drafts are the citizen's alone, never counted), kept as requests
-- change. Two requests changing at once wait for each other only on the same department's same state.
CREATE FUNCTION "request_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.state IS DISTINCT FROM NEW.state OR OLD.department_id IS DISTINCT FROM NEW.department_id THEN
      IF OLD.state <> 'rascunho' THEN
        UPDATE "request_counts" SET "n" = "n" - 1 WHERE "department_id" = OLD.department_id AND "state" = OLD.state;
      END IF;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM NEW.state OR OLD.department_id IS DISTINCT FROM NEW.department_id THEN
      IF NEW.state <> 'rascunho' THEN
        INSERT INTO "request_counts" ("department_id", "state", "n") VALUES (NEW.department_id, NEW.state, 1)
        ON CONFLICT ("department_id", "state") DO UPDATE SET "n" = "request_counts"."n" + 1;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "request_counts_keep" AFTER INSERT OR UPDATE OF "state", "department_id" OR DELETE ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "request_counts_keep"();--> statement-breakpoint
INSERT INTO "request_counts" ("department_id", "state", "n") SELECT "department_id", "state", count(*) FROM "service_requests" WHERE "state" <> 'rascunho' GROUP BY 1, 2;
