CREATE TABLE "appointment_slots" (
	"agenda_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_slots_agenda_id_starts_at_pk" PRIMARY KEY("agenda_id","starts_at"),
	CONSTRAINT "appointment_slots_within_capacity" CHECK ("appointment_slots"."booked" >= 0 and "appointment_slots"."booked" <= "appointment_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "appointment_waits" (
	"id" serial PRIMARY KEY NOT NULL,
	"agenda_id" integer NOT NULL,
	"citizen_sub" text NOT NULL,
	"citizen" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_starts_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"appointment_id" integer
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"code" text NOT NULL,
	"agenda_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"citizen_sub" text NOT NULL,
	"citizen" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "appointments_protocol_unique" UNIQUE("protocol"),
	CONSTRAINT "appointments_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "unit_agendas" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"slot_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"days_ahead" integer DEFAULT 30 NOT NULL,
	"change_hours" integer DEFAULT 2 NOT NULL,
	"no_show_limit" integer DEFAULT 2 NOT NULL,
	"no_show_days" integer DEFAULT 90 NOT NULL,
	"no_show_wait_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_agenda_id_unit_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."unit_agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_waits" ADD CONSTRAINT "appointment_waits_agenda_id_unit_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."unit_agendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_agenda_id_unit_agendas_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."unit_agendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_section_id_department_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."department_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_agendas" ADD CONSTRAINT "unit_agendas_section_id_department_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."department_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_agendas" ADD CONSTRAINT "unit_agendas_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_agendas" ADD CONSTRAINT "unit_agendas_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_waits_one_idx" ON "appointment_waits" USING btree ("citizen_sub","agenda_id") WHERE "appointment_waits"."state" in ('aguardando', 'oferecido');--> statement-breakpoint
CREATE INDEX "appointment_waits_line_idx" ON "appointment_waits" USING btree ("agenda_id","created_at") WHERE "appointment_waits"."state" = 'aguardando';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_active_idx" ON "appointments" USING btree ("citizen_sub","service_id") WHERE "appointments"."state" = 'agendado';--> statement-breakpoint
CREATE INDEX "appointments_unit_day_idx" ON "appointments" USING btree ("section_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_citizen_idx" ON "appointments" USING btree ("citizen_sub","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_agendas_section_service_idx" ON "unit_agendas" USING btree ("section_id","service_id");--> statement-breakpoint
CREATE INDEX "unit_agendas_service_idx" ON "unit_agendas" USING btree ("service_id");