-- Handles users changed away from, each reserved for its owner until released_at (30 days after the
-- change); /user/{old} redirects to the current handle meanwhile. See docs/decisions/2026-11-27-neutral-generated-handles.md.
CREATE TABLE "previous_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "previous_handles" ADD CONSTRAINT "previous_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previous_handles_user_id_idx" ON "previous_handles" USING btree ("user_id");