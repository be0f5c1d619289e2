CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"uri" text NOT NULL,
	"version" integer NOT NULL,
	"value" text NOT NULL,
	"author" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_org_uri_version_uq" ON "content_versions" USING btree ("organisation_id","uri","version");--> statement-breakpoint
CREATE INDEX "content_versions_org_created_idx" ON "content_versions" USING btree ("organisation_id","created_at");