CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"user_sub" text,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "access_profiles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "catalog_data_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'folder' NOT NULL,
	"iconapp" text DEFAULT '' NOT NULL,
	"corhex" text DEFAULT '#034EA2' NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"audience" text,
	"parent_id" integer,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "category_aliases" (
	"alias" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'PI' NOT NULL,
	"country_code" text DEFAULT 'BR' NOT NULL,
	"opening_time" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "department_sections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mission" text DEFAULT '' NOT NULL,
	"vision" text DEFAULT '' NOT NULL,
	"values" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "departments_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_sub" text NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_sub_service_id_pk" PRIMARY KEY("user_sub","service_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"voter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_value_range" CHECK ("ratings"."value" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "result_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "result_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"term" text PRIMARY KEY NOT NULL,
	"expansion" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"order_index" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'info' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_popular_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_sections" (
	"service_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	CONSTRAINT "service_sections_service_id_section_id_pk" PRIMARY KEY("service_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "service_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"order_index" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"html_content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tags" (
	"service_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "service_tags_service_id_tag_id_pk" PRIMARY KEY("service_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "service_targets" (
	"service_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "service_targets_service_id_target_id_pk" PRIMARY KEY("service_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text DEFAULT 'CATALOG' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"access_profile_id" integer NOT NULL,
	"result_category_id" integer NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"cost" text DEFAULT '' NOT NULL,
	"estimated_time" text DEFAULT '' NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"is_digital" boolean DEFAULT false NOT NULL,
	"is_self_service" boolean DEFAULT false NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'file-text' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"access_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector",
	"search_title" text DEFAULT '' NOT NULL,
	CONSTRAINT "services_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "step_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"step_id" integer NOT NULL,
	"order_index" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "targets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_data_rows" ADD CONSTRAINT "catalog_data_rows_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_aliases" ADD CONSTRAINT "category_aliases_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_sections" ADD CONSTRAINT "department_sections_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_info" ADD CONSTRAINT "service_info_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_popular_names" ADD CONSTRAINT "service_popular_names_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sections" ADD CONSTRAINT "service_sections_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sections" ADD CONSTRAINT "service_sections_section_id_department_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."department_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_steps" ADD CONSTRAINT "service_steps_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tags" ADD CONSTRAINT "service_tags_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tags" ADD CONSTRAINT "service_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_targets" ADD CONSTRAINT "service_targets_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_targets" ADD CONSTRAINT "service_targets_target_id_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_access_profile_id_access_profiles_id_fk" FOREIGN KEY ("access_profile_id") REFERENCES "public"."access_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_result_category_id_result_categories_id_fk" FOREIGN KEY ("result_category_id") REFERENCES "public"."result_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_documents" ADD CONSTRAINT "step_documents_step_id_service_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."service_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_service_idx" ON "access_log" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "access_log_user_idx" ON "access_log" USING btree ("user_sub");--> statement-breakpoint
CREATE INDEX "catalog_data_rows_service_idx" ON "catalog_data_rows" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "department_sections_department_idx" ON "department_sections" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "ratings_service_idx" ON "ratings" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "ratings_voter_idx" ON "ratings" USING btree ("service_id","voter","created_at");--> statement-breakpoint
CREATE INDEX "service_info_service_idx" ON "service_info" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_popular_names_service_idx" ON "service_popular_names" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_steps_service_idx" ON "service_steps" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_tags_tag_idx" ON "service_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "service_targets_target_idx" ON "service_targets" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "services_department_idx" ON "services" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "services_access_count_idx" ON "services" USING btree ("access_count");--> statement-breakpoint
CREATE INDEX "step_documents_step_idx" ON "step_documents" USING btree ("step_id");