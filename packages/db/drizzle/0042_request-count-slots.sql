-- A department's count of a state was one row: every request sent to the department at once (a state change)
-- waited on it for the others' commits, one by one. Each count is now spread over 16 rows (a request counts in
-- slot id % 16); the queue's counts sum them.
ALTER TABLE "request_counts" DROP CONSTRAINT "request_counts_department_id_state_pk";--> statement-breakpoint
ALTER TABLE "request_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_counts" ADD CONSTRAINT "request_counts_department_id_state_slot_pk" PRIMARY KEY("department_id","state","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "request_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.state IS DISTINCT FROM NEW.state OR OLD.department_id IS DISTINCT FROM NEW.department_id THEN
      IF OLD.state <> 'rascunho' THEN
        INSERT INTO "request_counts" ("department_id", "state", "slot", "n") VALUES (OLD.department_id, OLD.state, OLD.id % 16, -1)
        ON CONFLICT ("department_id", "state", "slot") DO UPDATE SET "n" = "request_counts"."n" - 1;
      END IF;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR OLD.state IS DISTINCT FROM NEW.state OR OLD.department_id IS DISTINCT FROM NEW.department_id THEN
      IF NEW.state <> 'rascunho' THEN
        INSERT INTO "request_counts" ("department_id", "state", "slot", "n") VALUES (NEW.department_id, NEW.state, NEW.id % 16, 1)
        ON CONFLICT ("department_id", "state", "slot") DO UPDATE SET "n" = "request_counts"."n" + 1;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
