CREATE TABLE "search_arrivals" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"service_id" integer NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_arrivals_day_query_service_id_pk" PRIMARY KEY("day","query","service_id")
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_misses_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE TABLE "service_test_queries" (
	"service_id" integer NOT NULL,
	"query" text NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_test_queries_service_id_query_pk" PRIMARY KEY("service_id","query")
);
--> statement-breakpoint
ALTER TABLE "search_arrivals" ADD CONSTRAINT "search_arrivals_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_test_queries" ADD CONSTRAINT "service_test_queries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_arrivals_service_idx" ON "search_arrivals" USING btree ("service_id","day");