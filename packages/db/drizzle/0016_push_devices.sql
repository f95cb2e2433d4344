-- The phones where citizens turned push notifications on in the state's app (issue 14): one Expo push
-- token per device, removed at sign-out or when Expo reports the device gone.
CREATE TABLE "push_devices" (
	"token" text PRIMARY KEY NOT NULL,
	"user_sub" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_sub","registered_at");