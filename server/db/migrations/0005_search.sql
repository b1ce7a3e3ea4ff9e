-- Search: trigram matching over normalised text, and architects linked to buildings.
-- Both engines ship pg_trgm and unaccent (PGlite loads them from server/db/pglite.ts at every open).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Text as search compares it: accents removed, lowercase, every run of non-letters and non-digits one
-- space, trimmed. unaccent() is only STABLE (its dictionary could change); named explicitly here it
-- is safe to declare IMMUTABLE, which generated columns and indexes need.
CREATE OR REPLACE FUNCTION atlas_search_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, t)), '[^[:alnum:]]+', ' ', 'g')) $$;
--> statement-breakpoint
CREATE TABLE "architects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (atlas_search_norm(name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "architects_name_length" CHECK (length(trim("architects"."name")) BETWEEN 1 AND 120),
	CONSTRAINT "architects_name_key_not_blank" CHECK ("architects"."name_key" <> '')
);
--> statement-breakpoint
CREATE TABLE "building_architects" (
	"building_id" integer NOT NULL,
	"architect_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "building_architects_building_id_architect_id_pk" PRIMARY KEY("building_id","architect_id")
);
--> statement-breakpoint
ALTER TABLE "architectural_styles" ADD COLUMN "search_name" text GENERATED ALWAYS AS (atlas_search_norm(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "search_name" text GENERATED ALWAYS AS (atlas_search_norm(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atlas_search_norm(name || ' ' || coalesce(city, '') || ' ' || coalesce(address_line1, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "building_architects" ADD CONSTRAINT "building_architects_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_architects" ADD CONSTRAINT "building_architects_architect_id_architects_id_fk" FOREIGN KEY ("architect_id") REFERENCES "public"."architects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "architects_name_key_key" ON "architects" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "architects_name_key_trgm_idx" ON "architects" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "architects_name_key_prefix_idx" ON "architects" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "building_architects_architect_id_idx" ON "building_architects" USING btree ("architect_id");--> statement-breakpoint
CREATE INDEX "architectural_styles_search_name_trgm_idx" ON "architectural_styles" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buildings_search_text_trgm_idx" ON "buildings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "buildings_search_name_prefix_idx" ON "buildings" USING btree ("search_name" text_pattern_ops);
