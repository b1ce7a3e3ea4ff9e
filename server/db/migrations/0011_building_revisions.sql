-- Everyone can improve a building: every change to a building is a revision (an edit by its owner or a
-- moderator, an accepted suggestion, a revert, its creation), and any signed-in user may suggest an
-- edit that the owner or a moderator accepts or rejects. `changes` is {field: {from, to}} for the
-- fields that changed (docs/api.md, 'Revisions and suggestions').
CREATE TABLE "building_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"author_id" integer,
	"kind" text NOT NULL,
	"suggestion_id" integer,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "building_revisions_kind_valid" CHECK ("building_revisions"."kind" IN ('create', 'edit', 'suggestion', 'revert'))
);
--> statement-breakpoint
CREATE TABLE "building_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "building_suggestions_status_valid" CHECK ("building_suggestions"."status" IN ('pending', 'accepted', 'rejected')),
	CONSTRAINT "building_suggestions_note_length" CHECK (char_length("building_suggestions"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "building_revisions" ADD CONSTRAINT "building_revisions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_revisions" ADD CONSTRAINT "building_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_suggestions" ADD CONSTRAINT "building_suggestions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_suggestions" ADD CONSTRAINT "building_suggestions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_suggestions" ADD CONSTRAINT "building_suggestions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_revisions" ADD CONSTRAINT "building_revisions_suggestion_id_building_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."building_suggestions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "building_revisions_building_idx" ON "building_revisions" USING btree ("building_id","created_at","id");--> statement-breakpoint
CREATE INDEX "building_suggestions_building_status_idx" ON "building_suggestions" USING btree ("building_id","status","created_at");--> statement-breakpoint
CREATE INDEX "building_suggestions_author_idx" ON "building_suggestions" USING btree ("author_id","created_at");
