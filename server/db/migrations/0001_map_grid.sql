CREATE TABLE "building_grid_counts" (
	"level" smallint NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"building_count" integer NOT NULL,
	"sum_lng" double precision NOT NULL,
	"sum_lat" double precision NOT NULL,
	"sum_id" bigint NOT NULL,
	CONSTRAINT "building_grid_counts_level_cell_x_cell_y_pk" PRIMARY KEY("level","cell_x","cell_y"),
	CONSTRAINT "building_grid_counts_positive" CHECK ("building_grid_counts"."building_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "map_data_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "map_data_version_single_row" CHECK ("map_data_version"."id" = 1)
);
