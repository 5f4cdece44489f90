CREATE TABLE "collection_invitation" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"collection_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_member" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "collection_invitation" ADD CONSTRAINT "collection_invitation_collection_id_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_invitation_grant_idx" ON "collection_invitation" USING btree ("collection_id","email");--> statement-breakpoint
ALTER TABLE "collection_member" ADD CONSTRAINT "collection_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_member_user_idx" ON "collection_member" USING btree ("user_id");--> statement-breakpoint
-- Grants that already reached an account keep reaching it (they were attached before this change).
UPDATE "collection_member" cm SET "user_id" = u."id" FROM "user" u WHERE lower(u."email") = cm."email";
