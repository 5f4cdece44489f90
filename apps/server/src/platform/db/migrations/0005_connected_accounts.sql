CREATE TABLE "connected_account" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"app" text NOT NULL,
	"title" text NOT NULL,
	"external_id" text NOT NULL,
	"user_email" text,
	"user_name" text,
	"org_name" text,
	"org_url" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"needs_reauth" boolean DEFAULT false NOT NULL,
	"sync_state" text DEFAULT 'idle' NOT NULL,
	"cursor" jsonb,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"items_synced" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source" ADD COLUMN "connected_account_id" text;--> statement-breakpoint
ALTER TABLE "connected_account" ADD CONSTRAINT "connected_account_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connected_account_owner_idx" ON "connected_account" USING btree ("owner_id","app");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_account_owner_external_idx" ON "connected_account" USING btree ("owner_id","app","external_id");--> statement-breakpoint
ALTER TABLE "source" ADD CONSTRAINT "source_connected_account_id_connected_account_id_fk" FOREIGN KEY ("connected_account_id") REFERENCES "public"."connected_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_connected_account_idx" ON "source" USING btree ("connected_account_id");