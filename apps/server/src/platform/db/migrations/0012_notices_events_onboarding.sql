CREATE TABLE "announcement" (
	"uid" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"required_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "company_size" text;--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "kind_of_work" text;--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "user_event" ADD CONSTRAINT "user_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_event_user_id_idx" ON "user_event" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_event_created_idx" ON "user_event" USING btree ("created_at");--> statement-breakpoint
-- Accounts made before onboarding existed have used the app already: they skip it.
UPDATE "user_profile" SET "metadata" = "metadata" || '{"submitUserDetails": true}'::jsonb WHERE "metadata"->'submitUserDetails' IS NULL;