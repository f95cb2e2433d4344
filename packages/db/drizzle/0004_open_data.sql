CREATE TABLE "civil_servants" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration" text NOT NULL,
	"name" text NOT NULL,
	"cpf_masked" text NOT NULL,
	"department_id" integer NOT NULL,
	"position" text NOT NULL,
	"bond" text NOT NULL,
	"weekly_hours" smallint NOT NULL,
	"hired_on" date NOT NULL,
	"left_on" date,
	CONSTRAINT "civil_servants_registration_unique" UNIQUE("registration")
);
--> statement-breakpoint
CREATE TABLE "creditors" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"document" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT 'PI' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_commitments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"code" text NOT NULL,
	"management_unit_id" integer NOT NULL,
	"creditor_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"expense_element" text NOT NULL,
	"budget_function" text NOT NULL,
	"funding_source" text NOT NULL,
	"bidding_modality" text NOT NULL,
	"description" text NOT NULL,
	"committed" numeric(14, 2) NOT NULL,
	"liquidated" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) NOT NULL,
	CONSTRAINT "expense_commitments_code_unique" UNIQUE("fiscal_year","management_unit_id","code")
);
--> statement-breakpoint
CREATE TABLE "expense_liquidations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"commitment_id" bigint NOT NULL,
	"code" text NOT NULL,
	"liquidated_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"commitment_id" bigint NOT NULL,
	"code" text NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "management_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"department_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "management_units_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "open_data_datasets" (
	"slug" text PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"object" text NOT NULL,
	"management_unit_id" integer NOT NULL,
	"creditor_id" integer NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"signed_on" date NOT NULL,
	"valid_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenues" (
	"id" serial PRIMARY KEY NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"nature_code" text NOT NULL,
	"nature" text NOT NULL,
	"forecast" numeric(16, 2) NOT NULL,
	"collected" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servant_pay_years" (
	"fiscal_year" smallint NOT NULL,
	"servant_id" integer NOT NULL,
	"base_pay" integer[] NOT NULL,
	"benefits" integer[] NOT NULL,
	"deductions" integer[] NOT NULL,
	CONSTRAINT "servant_pay_years_fiscal_year_servant_id_pk" PRIMARY KEY("fiscal_year","servant_id")
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"process_number" text NOT NULL,
	"modality" text NOT NULL,
	"object" text NOT NULL,
	"management_unit_id" integer NOT NULL,
	"estimated_value" numeric(14, 2) NOT NULL,
	"opened_on" date NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "civil_servants" ADD CONSTRAINT "civil_servants_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_commitments" ADD CONSTRAINT "expense_commitments_management_unit_id_management_units_id_fk" FOREIGN KEY ("management_unit_id") REFERENCES "public"."management_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_commitments" ADD CONSTRAINT "expense_commitments_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_liquidations" ADD CONSTRAINT "expense_liquidations_commitment_id_expense_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."expense_commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payments" ADD CONSTRAINT "expense_payments_commitment_id_expense_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."expense_commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "management_units" ADD CONSTRAINT "management_units_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_documents" ADD CONSTRAINT "public_documents_management_unit_id_management_units_id_fk" FOREIGN KEY ("management_unit_id") REFERENCES "public"."management_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_documents" ADD CONSTRAINT "public_documents_creditor_id_creditors_id_fk" FOREIGN KEY ("creditor_id") REFERENCES "public"."creditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servant_pay_years" ADD CONSTRAINT "servant_pay_years_servant_id_civil_servants_id_fk" FOREIGN KEY ("servant_id") REFERENCES "public"."civil_servants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_management_unit_id_management_units_id_fk" FOREIGN KEY ("management_unit_id") REFERENCES "public"."management_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "civil_servants_department_idx" ON "civil_servants" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "expense_commitments_year_issued_idx" ON "expense_commitments" USING btree ("fiscal_year","issued_on","id");--> statement-breakpoint
CREATE INDEX "expense_commitments_unit_issued_idx" ON "expense_commitments" USING btree ("management_unit_id","issued_on","id");--> statement-breakpoint
CREATE INDEX "expense_liquidations_commitment_idx" ON "expense_liquidations" USING btree ("commitment_id");--> statement-breakpoint
CREATE INDEX "expense_payments_commitment_idx" ON "expense_payments" USING btree ("commitment_id");--> statement-breakpoint
CREATE INDEX "management_units_department_idx" ON "management_units" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "public_documents_year_kind_idx" ON "public_documents" USING btree ("fiscal_year","kind","id");--> statement-breakpoint
CREATE INDEX "revenues_year_month_idx" ON "revenues" USING btree ("fiscal_year","month");--> statement-breakpoint
CREATE INDEX "tenders_year_idx" ON "tenders" USING btree ("fiscal_year","id");