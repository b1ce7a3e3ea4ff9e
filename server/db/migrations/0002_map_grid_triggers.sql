-- Map grid counts and the map data version, kept by triggers (see docs/decisions.md, "Map clustering").
-- A building's cell at level L (0..16) is its level-16 cell shifted right by 16 - L bits; level 16
-- cells are 360/65536 degrees square. domain/map-grid.ts computes the same cells in JavaScript.
-- Every grid change first takes one transaction-level advisory lock, so concurrent building writes
-- queue for the grid (they share its coarse cells anyway) instead of locking cells in different orders.
CREATE OR REPLACE FUNCTION map_data_version_bump() RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  v bigint;
BEGIN
  UPDATE map_data_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  -- Delivered at commit; an embedded (PGlite) server learns the version from it without asking.
  PERFORM pg_notify('atlas_map_version', v::text);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atlas_grid_x16(lng double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT LEAST(floor((lng + 180) / 360 * 65536)::integer, 65535) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atlas_grid_y16(lat double precision) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT LEAST(floor((lat + 90) / 360 * 65536)::integer, 32767) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION building_grid_after_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
  INSERT INTO building_grid_counts AS g (level, cell_x, cell_y, building_count, sum_lng, sum_lat, sum_id)
  SELECT l.level::smallint, c.x16 >> (16 - l.level), c.y16 >> (16 - l.level),
         count(*)::integer, sum(c.lng), sum(c.lat), sum(c.id)
  FROM (SELECT id, lng, lat, atlas_grid_x16(lng) AS x16, atlas_grid_y16(lat) AS y16 FROM inserted_buildings) c
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
  -- One snapshot: cells that empty are deleted, the others decremented (disjoint conditions).
  WITH d AS (
    SELECT l.level::smallint AS level, c.x16 >> (16 - l.level) AS cell_x, c.y16 >> (16 - l.level) AS cell_y,
           count(*)::integer AS n, sum(c.lng) AS s_lng, sum(c.lat) AS s_lat, sum(c.id) AS s_id
    FROM (SELECT id, lng, lat, atlas_grid_x16(lng) AS x16, atlas_grid_y16(lat) AS y16 FROM deleted_buildings) c
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
CREATE OR REPLACE FUNCTION building_grid_after_move() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  ox integer := atlas_grid_x16(OLD.lng);
  oy integer := atlas_grid_y16(OLD.lat);
  nx integer := atlas_grid_x16(NEW.lng);
  ny integer := atlas_grid_y16(NEW.lat);
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
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

  INSERT INTO building_grid_counts AS g (level, cell_x, cell_y, building_count, sum_lng, sum_lat, sum_id)
  SELECT l.level::smallint, nx >> (16 - l.level), ny >> (16 - l.level), 1, NEW.lng, NEW.lat, NEW.id
  FROM generate_series(0, 16) AS l(level)
  ON CONFLICT (level, cell_x, cell_y) DO UPDATE SET
    building_count = g.building_count + 1,
    sum_lng = g.sum_lng + EXCLUDED.sum_lng,
    sum_lat = g.sum_lat + EXCLUDED.sum_lat,
    sum_id = g.sum_id + EXCLUDED.sum_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION building_grid_after_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7340001);
  DELETE FROM building_grid_counts;
  PERFORM map_data_version_bump();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes every level from the buildings table (repairs, bulk loads with triggers off).
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
-- Statement-level bump, for buildings inserted or deleted and for style links (only the buildings
-- service writes these, after locking the building rows it needs, so the version row is its last lock).
CREATE OR REPLACE FUNCTION map_data_version_bump_now() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM map_data_version_bump();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row-level bump run at commit (deferred constraint triggers), once per transaction: for updates
-- other modules make (vote counters, image renditions) the version row is then the last lock the
-- transaction takes, so it cannot close a deadlock cycle with their row locks.
CREATE OR REPLACE FUNCTION map_data_version_bump_at_commit() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF current_setting('atlas.map_version_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('atlas.map_version_bumped', txid_current()::text, true);
    PERFORM map_data_version_bump();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER building_grid_insert AFTER INSERT ON buildings
REFERENCING NEW TABLE AS inserted_buildings
FOR EACH STATEMENT EXECUTE FUNCTION building_grid_after_insert();
--> statement-breakpoint
CREATE TRIGGER building_grid_delete AFTER DELETE ON buildings
REFERENCING OLD TABLE AS deleted_buildings
FOR EACH STATEMENT EXECUTE FUNCTION building_grid_after_delete();
--> statement-breakpoint
CREATE TRIGGER building_grid_move AFTER UPDATE OF lng, lat ON buildings
FOR EACH ROW WHEN (OLD.lng IS DISTINCT FROM NEW.lng OR OLD.lat IS DISTINCT FROM NEW.lat)
EXECUTE FUNCTION building_grid_after_move();
--> statement-breakpoint
CREATE TRIGGER building_grid_truncate AFTER TRUNCATE ON buildings
FOR EACH STATEMENT EXECUTE FUNCTION building_grid_after_truncate();
--> statement-breakpoint
CREATE TRIGGER buildings_map_version_insert_delete AFTER INSERT OR DELETE ON buildings
FOR EACH STATEMENT EXECUTE FUNCTION map_data_version_bump_now();
--> statement-breakpoint
-- A view (views + 1) changes nothing the cached map needs at once: cached bodies expire anyway.
CREATE CONSTRAINT TRIGGER buildings_map_version_update AFTER UPDATE ON buildings
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (
  (OLD.id, OLD.name, OLD.description, OLD.lng, OLD.lat, OLD.year_built, OLD.year_demolished,
   OLD.cover_image_id, OLD.image_count, OLD.upvotes, OLD.meh_votes, OLD.downvotes)
  IS DISTINCT FROM
  (NEW.id, NEW.name, NEW.description, NEW.lng, NEW.lat, NEW.year_built, NEW.year_demolished,
   NEW.cover_image_id, NEW.image_count, NEW.upvotes, NEW.meh_votes, NEW.downvotes)
)
EXECUTE FUNCTION map_data_version_bump_at_commit();
--> statement-breakpoint
CREATE TRIGGER building_styles_map_version AFTER INSERT OR UPDATE OR DELETE ON building_styles
FOR EACH STATEMENT EXECUTE FUNCTION map_data_version_bump_now();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER images_map_version AFTER UPDATE ON images
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (
  (OLD.status, OLD.storage_key, OLD.renditions) IS DISTINCT FROM (NEW.status, NEW.storage_key, NEW.renditions)
)
EXECUTE FUNCTION map_data_version_bump_at_commit();
--> statement-breakpoint
INSERT INTO map_data_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
SELECT building_grid_rebuild();
