-- Governance, part 1: roles and suspension on users, reports, the moderation log, and content hidden
-- by moderators (hidden_at/hidden_by on buildings, images and comments). A hidden building leaves the
-- map's grid counts as a deleted one would, and comes back on restore; hiding or restoring bumps the
-- map data version (the map cache is keyed by it). See docs/decisions/2026-11-27-moderation-visibility-and-roles.md.
CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"reporter_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	"resolution_note" text,
	CONSTRAINT "reports_target_type_valid" CHECK ("reports"."target_type" IN ('building', 'image', 'comment', 'user', 'architect')),
	CONSTRAINT "reports_reason_valid" CHECK ("reports"."reason" IN ('spam', 'offensive', 'incorrect', 'copyright', 'privacy', 'other')),
	CONSTRAINT "reports_status_valid" CHECK ("reports"."status" IN ('open', 'resolved')),
	CONSTRAINT "reports_resolution_valid" CHECK ("reports"."resolution" IN ('hidden', 'dismissed')),
	CONSTRAINT "reports_note_length" CHECK (char_length("reports"."note") <= 1000),
	CONSTRAINT "reports_resolution_note_length" CHECK (char_length("reports"."resolution_note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_by" integer;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter_key" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_target_idx" ON "reports" USING btree ("status","target_type","target_id");--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspended_by_users_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("users"."role" IN ('user', 'moderator', 'admin'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspension_reason_length" CHECK (char_length("users"."suspension_reason") BETWEEN 1 AND 1000);--> statement-breakpoint
CREATE OR REPLACE FUNCTION building_grid_after_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
  INSERT INTO building_grid_counts AS g (level, cell_x, cell_y, building_count, sum_lng, sum_lat, sum_id)
  SELECT l.level::smallint, c.x16 >> (16 - l.level), c.y16 >> (16 - l.level),
         count(*)::integer, sum(c.lng), sum(c.lat), sum(c.id)
  FROM (SELECT id, lng, lat, atlas_grid_x16(lng) AS x16, atlas_grid_y16(lat) AS y16
        FROM inserted_buildings WHERE hidden_at IS NULL) c
  CROSS JOIN generate_series(0, 16) AS l(level)
  GROUP BY 1, 2, 3
  ON CONFLICT (level, cell_x, cell_y) DO UPDATE SET
    building_count = g.building_count + EXCLUDED.building_count,
    sum_lng = g.sum_lng + EXCLUDED.sum_lng,
    sum_lat = g.sum_lat + EXCLUDED.sum_lat,
    sum_id = g.sum_id + EXCLUDED.sum_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION building_grid_after_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
  -- Hidden buildings are not counted, so deleting one changes no cell.
  WITH d AS (
    SELECT l.level::smallint AS level, c.x16 >> (16 - l.level) AS cell_x, c.y16 >> (16 - l.level) AS cell_y,
           count(*)::integer AS n, sum(c.lng) AS s_lng, sum(c.lat) AS s_lat, sum(c.id) AS s_id
    FROM (SELECT id, lng, lat, atlas_grid_x16(lng) AS x16, atlas_grid_y16(lat) AS y16
          FROM deleted_buildings WHERE hidden_at IS NULL) c
    CROSS JOIN generate_series(0, 16) AS l(level)
    GROUP BY 1, 2, 3
  ), emptied AS (
    DELETE FROM building_grid_counts g USING d
    WHERE g.level = d.level AND g.cell_x = d.cell_x AND g.cell_y = d.cell_y AND g.building_count <= d.n
    RETURNING g.level
  )
  UPDATE building_grid_counts g
  SET building_count = g.building_count - d.n,
      sum_lng = g.sum_lng - d.s_lng,
      sum_lat = g.sum_lat - d.s_lat,
      sum_id = g.sum_id - d.s_id
  FROM d
  WHERE g.level = d.level AND g.cell_x = d.cell_x AND g.cell_y = d.cell_y AND g.building_count > d.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Hiding takes a building out of every level's cell (as a deletion would); restoring puts it back.
CREATE OR REPLACE FUNCTION building_grid_after_visibility() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  ox integer := atlas_grid_x16(OLD.lng);
  oy integer := atlas_grid_y16(OLD.lat);
  nx integer := atlas_grid_x16(NEW.lng);
  ny integer := atlas_grid_y16(NEW.lat);
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
  IF NEW.hidden_at IS NOT NULL THEN
    WITH d AS (
      SELECT l.level::smallint AS level, ox >> (16 - l.level) AS cell_x, oy >> (16 - l.level) AS cell_y
      FROM generate_series(0, 16) AS l(level)
    ), emptied AS (
      DELETE FROM building_grid_counts g USING d
      WHERE g.level = d.level AND g.cell_x = d.cell_x AND g.cell_y = d.cell_y AND g.building_count <= 1
      RETURNING g.level
    )
    UPDATE building_grid_counts g
    SET building_count = g.building_count - 1,
        sum_lng = g.sum_lng - OLD.lng,
        sum_lat = g.sum_lat - OLD.lat,
        sum_id = g.sum_id - OLD.id
    FROM d
    WHERE g.level = d.level AND g.cell_x = d.cell_x AND g.cell_y = d.cell_y AND g.building_count > 1;
  ELSE
    INSERT INTO building_grid_counts AS g (level, cell_x, cell_y, building_count, sum_lng, sum_lat, sum_id)
    SELECT l.level::smallint, nx >> (16 - l.level), ny >> (16 - l.level), 1, NEW.lng, NEW.lat, NEW.id
    FROM generate_series(0, 16) AS l(level)
    ON CONFLICT (level, cell_x, cell_y) DO UPDATE SET
      building_count = g.building_count + 1,
      sum_lng = g.sum_lng + EXCLUDED.sum_lng,
      sum_lat = g.sum_lat + EXCLUDED.sum_lat,
      sum_id = g.sum_id + EXCLUDED.sum_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION building_grid_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  lvl integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
  DELETE FROM building_grid_counts;
  INSERT INTO building_grid_counts (level, cell_x, cell_y, building_count, sum_lng, sum_lat, sum_id)
  SELECT 16, atlas_grid_x16(lng), atlas_grid_y16(lat), count(*)::integer, sum(lng), sum(lat), sum(id)
  FROM buildings
  WHERE hidden_at IS NULL
  GROUP BY 2, 3;
  FOR lvl IN REVERSE 15..0 LOOP
    INSERT INTO building_grid_counts (level, cell_x, cell_y, building_count, sum_lng, sum_lat, sum_id)
    SELECT lvl, cell_x >> 1, cell_y >> 1, sum(building_count)::integer, sum(sum_lng), sum(sum_lat), sum(sum_id)
    FROM building_grid_counts
    WHERE level = lvl + 1
    GROUP BY 2, 3;
  END LOOP;
  PERFORM map_data_version_bump();
END
$$;
--> statement-breakpoint
DROP TRIGGER building_grid_move ON buildings;
--> statement-breakpoint
-- A hidden building is in no cell: moving it changes none.
CREATE TRIGGER building_grid_move AFTER UPDATE OF lng, lat ON buildings
FOR EACH ROW WHEN ((OLD.lng IS DISTINCT FROM NEW.lng OR OLD.lat IS DISTINCT FROM NEW.lat)
  AND OLD.hidden_at IS NULL AND NEW.hidden_at IS NULL)
EXECUTE FUNCTION building_grid_after_move();
--> statement-breakpoint
CREATE TRIGGER building_grid_visibility AFTER UPDATE OF hidden_at ON buildings
FOR EACH ROW WHEN ((OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL))
EXECUTE FUNCTION building_grid_after_visibility();
--> statement-breakpoint
DROP TRIGGER buildings_map_version_update ON buildings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER buildings_map_version_update AFTER UPDATE ON buildings
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (
  (OLD.id, OLD.name, OLD.description, OLD.lng, OLD.lat, OLD.year_built, OLD.year_demolished,
   OLD.cover_image_id, OLD.image_count, OLD.upvotes, OLD.meh_votes, OLD.downvotes, OLD.hidden_at IS NULL)
  IS DISTINCT FROM
  (NEW.id, NEW.name, NEW.description, NEW.lng, NEW.lat, NEW.year_built, NEW.year_demolished,
   NEW.cover_image_id, NEW.image_count, NEW.upvotes, NEW.meh_votes, NEW.downvotes, NEW.hidden_at IS NULL)
)
EXECUTE FUNCTION map_data_version_bump_at_commit();
--> statement-breakpoint
DROP TRIGGER images_map_version ON images;
--> statement-breakpoint
-- A hidden image is no building's picture on the map's cards any more.
CREATE CONSTRAINT TRIGGER images_map_version AFTER UPDATE ON images
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (
  (OLD.status, OLD.storage_key, OLD.renditions, OLD.hidden_at IS NULL)
  IS DISTINCT FROM (NEW.status, NEW.storage_key, NEW.renditions, NEW.hidden_at IS NULL)
)
EXECUTE FUNCTION map_data_version_bump_at_commit();
