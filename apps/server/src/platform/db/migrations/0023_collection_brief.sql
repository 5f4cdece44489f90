CREATE TABLE "brief_seen" (
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"previous_seen_at" timestamp with time zone,
	CONSTRAINT "brief_seen_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);
--> statement-breakpoint
CREATE TABLE "collection_brief" (
	"scope" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"brief" jsonb,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brief_seen" ADD CONSTRAINT "brief_seen_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;