CREATE TABLE "review_card" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"memory_id" text NOT NULL,
	"chunk_id" text NOT NULL,
	"anchor" jsonb NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"sentence" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"suspended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_card" ADD CONSTRAINT "review_card_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_card" ADD CONSTRAINT "review_card_memory_id_source_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."source"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_card_dedupe_idx" ON "review_card" USING btree ("user_id","memory_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "review_card_user_due_idx" ON "review_card" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "review_card_memory_idx" ON "review_card" USING btree ("memory_id");