CREATE TABLE "request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"message" text DEFAULT '' NOT NULL,
	"actor_sub" text,
	"actor_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"question" text NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"with_reply" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "request_protocols" (
	"year" integer NOT NULL,
	"department" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "request_protocols_year_department_pk" PRIMARY KEY("year","department")
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol" text,
	"service_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"citizen_sub" text NOT NULL,
	"citizen" jsonb NOT NULL,
	"state" text NOT NULL,
	"form_version" integer NOT NULL,
	"form" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step_index" integer,
	"step_name" text,
	"step_since" timestamp with time zone,
	"assignee_sub" text,
	"assignee_name" text,
	"deadline_days" integer,
	"due_on" date,
	"paused_days" integer DEFAULT 0 NOT NULL,
	"waiting_since" timestamp with time zone,
	"last_message" text,
	"pending" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"keep_until" date,
	CONSTRAINT "service_requests_protocol_unique" UNIQUE("protocol")
);
--> statement-breakpoint
CREATE TABLE "verified_ratings" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "request_form" jsonb;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "request_form_version" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deadline_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_ratings" ADD CONSTRAINT "verified_ratings_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_ratings" ADD CONSTRAINT "verified_ratings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_events_request_idx" ON "request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "request_files_request_idx" ON "request_files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "service_requests_citizen_idx" ON "service_requests" USING btree ("citizen_sub","updated_at");--> statement-breakpoint
CREATE INDEX "service_requests_queue_idx" ON "service_requests" USING btree ("department_id","state","due_on");--> statement-breakpoint
CREATE INDEX "service_requests_service_idx" ON "service_requests" USING btree ("service_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_one_draft_idx" ON "service_requests" USING btree ("citizen_sub","service_id") WHERE "service_requests"."state" = 'rascunho';--> statement-breakpoint
CREATE INDEX "verified_ratings_service_idx" ON "verified_ratings" USING btree ("service_id");