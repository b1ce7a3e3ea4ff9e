CREATE TABLE "architectural_styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"meh_votes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "architectural_styles_name_not_blank" CHECK (length(trim("architectural_styles"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "building_styles" (
	"building_id" integer NOT NULL,
	"style_id" integer NOT NULL,
	CONSTRAINT "building_styles_building_id_style_id_pk" PRIMARY KEY("building_id","style_id")
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"year_built" integer,
	"year_demolished" integer,
	"place_id" text,
	"address_line1" text,
	"address_line2" text,
	"address_line3" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country_code" text,
	"added_by" integer,
	"cover_image_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"meh_votes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buildings_name_not_blank" CHECK (length(trim("buildings"."name")) > 0),
	CONSTRAINT "buildings_lng_range" CHECK ("buildings"."lng" BETWEEN -180 AND 180),
	CONSTRAINT "buildings_lat_range" CHECK ("buildings"."lat" BETWEEN -90 AND 90),
	CONSTRAINT "buildings_year_built_range" CHECK (year_built BETWEEN -10000 AND 9999),
	CONSTRAINT "buildings_year_demolished_range" CHECK (year_demolished BETWEEN -10000 AND 9999),
	CONSTRAINT "buildings_demolished_after_built" CHECK ("buildings"."year_demolished" IS NULL OR "buildings"."year_built" IS NULL OR "buildings"."year_demolished" >= "buildings"."year_built"),
	CONSTRAINT "buildings_country_code_format" CHECK ("buildings"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "buildings_counters_not_negative" CHECK ("buildings"."views" >= 0 AND "buildings"."image_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_target_type_valid" CHECK ("comments"."target_type" IN ('building', 'image')),
	CONSTRAINT "comments_content_length" CHECK (length("comments"."content") <= 5000),
	CONSTRAINT "comments_counters_not_negative" CHECK ("comments"."reply_count" >= 0 AND "comments"."upvotes" >= 0 AND "comments"."downvotes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"email" text,
	"page_url" text,
	"browser_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_valid" CHECK ("feedback"."type" IN ('bug', 'feature', 'ui', 'general', 'other')),
	CONSTRAINT "feedback_title_not_blank" CHECK (length(trim("feedback"."title")) > 0),
	CONSTRAINT "feedback_description_not_blank" CHECK (length(trim("feedback"."description")) > 0)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"image_type" text NOT NULL,
	"description" text,
	"capture_year" integer,
	"storage_key" text NOT NULL,
	"file_ext" text NOT NULL,
	"content_type" text,
	"size_bytes" integer,
	"width" integer,
	"height" integer,
	"renditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"meh_votes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_status_valid" CHECK ("images"."status" IN ('pending', 'uploaded', 'processing', 'ready', 'failed')),
	CONSTRAINT "images_type_valid" CHECK ("images"."image_type" IN ('exterior', 'interior', 'detail', 'plans', 'drawing', 'other')),
	CONSTRAINT "images_file_ext_valid" CHECK ("images"."file_ext" IN ('.jpeg', '.jpg', '.png', '.gif')),
	CONSTRAINT "images_capture_year_range" CHECK (capture_year BETWEEN -10000 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "list_buildings" (
	"list_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_buildings_list_id_building_id_pk" PRIMARY KEY("list_id","building_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_name_length" CHECK (length(trim("lists"."name")) BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"google_sub" text,
	"handle" text NOT NULL,
	"email" text,
	"picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_google_sub_unique" UNIQUE("google_sub"),
	CONSTRAINT "users_handle_format" CHECK ("users"."handle" ~ '^[a-z0-9_]{1,30}$')
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"votable_type" text NOT NULL,
	"votable_id" integer NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_votable_type_valid" CHECK ("votes"."votable_type" IN ('building', 'image', 'comment', 'architectural_style')),
	CONSTRAINT "votes_value_valid" CHECK ("votes"."vote" IN (-1, 0, 1)),
	CONSTRAINT "votes_comment_not_meh" CHECK ("votes"."votable_type" <> 'comment' OR "votes"."vote" <> 0)
);
--> statement-breakpoint
ALTER TABLE "building_styles" ADD CONSTRAINT "building_styles_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_styles" ADD CONSTRAINT "building_styles_style_id_architectural_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."architectural_styles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_cover_image_id_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_buildings" ADD CONSTRAINT "list_buildings_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_buildings" ADD CONSTRAINT "list_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "architectural_styles_name_key" ON "architectural_styles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "building_styles_style_id_idx" ON "building_styles" USING btree ("style_id");--> statement-breakpoint
CREATE INDEX "buildings_lng_lat_idx" ON "buildings" USING btree ("lng","lat");--> statement-breakpoint
CREATE INDEX "buildings_place_id_idx" ON "buildings" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "buildings_added_by_idx" ON "buildings" USING btree ("added_by");--> statement-breakpoint
CREATE INDEX "buildings_year_built_idx" ON "buildings" USING btree ("year_built");--> statement-breakpoint
CREATE INDEX "comments_target_idx" ON "comments" USING btree ("target_type","target_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_key" ON "images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "images_building_status_created_idx" ON "images" USING btree ("building_id","status","created_at");--> statement-breakpoint
CREATE INDEX "images_added_by_idx" ON "images" USING btree ("added_by");--> statement-breakpoint
CREATE INDEX "list_buildings_building_idx" ON "list_buildings" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "lists_user_id_idx" ON "lists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_key" ON "users" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_user_target_key" ON "votes" USING btree ("user_id","votable_type","votable_id");--> statement-breakpoint
CREATE INDEX "votes_target_idx" ON "votes" USING btree ("votable_type","votable_id");