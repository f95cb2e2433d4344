ALTER TABLE "ratings" ADD COLUMN "ballot" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_ballot_idx" ON "ratings" USING btree ("service_id","ballot") WHERE "ratings"."ballot" is not null;