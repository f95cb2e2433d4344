CREATE TABLE "identity_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nota_piauiense_accounts" (
	"user_sub" text PRIMARY KEY NOT NULL,
	"released_balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"pending_balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nota_piauiense_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_sub" text NOT NULL,
	"issued_on" date NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_cnpj" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"credit" numeric(12, 2) NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_sub" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"banner_url" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_models" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "pay_slips" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_sub" text NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"bond" text NOT NULL,
	"registration" text NOT NULL,
	"position" text NOT NULL,
	"department" text NOT NULL,
	"lines" jsonb NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_slips_user_period_unique" UNIQUE("user_sub","year","month","bond")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"sub" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"cpf" text DEFAULT '' NOT NULL,
	"mother_name" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"vehicles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cnh_category" text,
	"cnh_number" text,
	"cnh_registry" text,
	"cnh_issued_on" date,
	"cnh_valid_until" date,
	"cnh_block_bca" boolean DEFAULT false NOT NULL,
	"cnh_block_seized" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "web_login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_sub" text NOT NULL,
	"claims" jsonb NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"id_token" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nota_piauiense_receipts_user_idx" ON "nota_piauiense_receipts" USING btree ("user_sub","issued_on");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_sub","created_at");--> statement-breakpoint
CREATE INDEX "oidc_models_grant_idx" ON "oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "pay_slips_user_idx" ON "pay_slips" USING btree ("user_sub");--> statement-breakpoint
CREATE INDEX "web_sessions_user_idx" ON "web_sessions" USING btree ("user_sub");--> statement-breakpoint
CREATE INDEX "web_sessions_expires_idx" ON "web_sessions" USING btree ("expires_at");