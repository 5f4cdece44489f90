CREATE TABLE "collection_org_share" (
	"collection_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_org_share_collection_id_organization_id_pk" PRIMARY KEY("collection_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "org_app_key" (
	"organization_id" text NOT NULL,
	"app" text NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_app_key_organization_id_app_pk" PRIMARY KEY("organization_id","app")
);
--> statement-breakpoint
CREATE TABLE "org_label" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"app_name" text NOT NULL,
	"icon_key" text NOT NULL,
	"icon_type" text NOT NULL,
	"source_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_sso" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"domain_verified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_sso_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "sso_login" (
	"state" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"exchange_hash" text,
	"user_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_org_share" ADD CONSTRAINT "collection_org_share_collection_id_collection_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_org_share" ADD CONSTRAINT "collection_org_share_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_app_key" ADD CONSTRAINT "org_app_key_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_label" ADD CONSTRAINT "org_label_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_sso" ADD CONSTRAINT "org_sso_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_login" ADD CONSTRAINT "sso_login_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_org_share_org_idx" ON "collection_org_share" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "org_sso_domain_idx" ON "org_sso" USING btree ("domain");