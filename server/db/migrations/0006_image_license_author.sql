-- Photo licences and credits. Existing images get CC BY-SA 4.0 (the default the upload
-- offered implicitly) and no stored credit (null = the uploader's handle). Numbered 0006 to leave
-- 0005 to the search branch; renumber at merge if needed.
ALTER TABLE "images" ADD COLUMN "license" text DEFAULT 'CC-BY-SA-4.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_license_valid" CHECK ("images"."license" IN ('CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0'));--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_author_length" CHECK (char_length("images"."author") BETWEEN 1 AND 120);