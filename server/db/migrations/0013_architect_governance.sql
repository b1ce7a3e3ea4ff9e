-- Architects are governed records: a moderator's renames are kept as revisions, and a merged
-- architect leaves a redirect (its old id and its name's key) to the one it was merged into, so
-- its old page and API address move to the new one and its old spelling, typed again, finds the
-- new record instead of creating the duplicate again (the key is cleared when a moderator later
-- gives that spelling to another architect).
CREATE TABLE "architect_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"architect_id" integer NOT NULL,
	"author_id" integer,
	"name_from" text NOT NULL,
	"name_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "architect_redirects" (
	"old_id" integer PRIMARY KEY NOT NULL,
	"new_id" integer NOT NULL,
	"name_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "architect_revisions" ADD CONSTRAINT "architect_revisions_architect_id_architects_id_fk" FOREIGN KEY ("architect_id") REFERENCES "public"."architects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "architect_revisions" ADD CONSTRAINT "architect_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "architect_redirects" ADD CONSTRAINT "architect_redirects_new_id_architects_id_fk" FOREIGN KEY ("new_id") REFERENCES "public"."architects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "architect_revisions_architect_idx" ON "architect_revisions" USING btree ("architect_id","created_at","id");--> statement-breakpoint
CREATE INDEX "architect_redirects_new_id_idx" ON "architect_redirects" USING btree ("new_id");--> statement-breakpoint
CREATE UNIQUE INDEX "architect_redirects_name_key_key" ON "architect_redirects" USING btree ("name_key");
