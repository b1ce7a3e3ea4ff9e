-- Votes (votable_type, votable_id) and comments (target_type, target_id) point at their target
-- without a foreign key (the link is polymorphic). These triggers are the one mechanism that removes
-- them with the target, for every deleter (services, CLI, cascades, hand-written SQL), so no
-- service repeats the cleanup. See docs/decisions/2026-11-23-target-cleanup-triggers-and-app-state.md.
-- Chains: a building's deletion cascades (foreign key) to its images, whose trigger removes their
-- comments, whose trigger removes the votes on them; replies go by the parent_id cascade and fire the
-- same trigger. TG_ARGV[0] is the votable/commentable type of the table's rows.
CREATE OR REPLACE FUNCTION target_cleanup_after_delete() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM votes
  WHERE votable_type = TG_ARGV[0] AND votable_id IN (SELECT id FROM deleted_targets);
  IF TG_ARGV[0] IN ('building', 'image') THEN
    DELETE FROM comments
    WHERE target_type = TG_ARGV[0] AND target_id IN (SELECT id FROM deleted_targets);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buildings_target_cleanup AFTER DELETE ON buildings
REFERENCING OLD TABLE AS deleted_targets
FOR EACH STATEMENT EXECUTE FUNCTION target_cleanup_after_delete('building');
--> statement-breakpoint
CREATE TRIGGER images_target_cleanup AFTER DELETE ON images
REFERENCING OLD TABLE AS deleted_targets
FOR EACH STATEMENT EXECUTE FUNCTION target_cleanup_after_delete('image');
--> statement-breakpoint
CREATE TRIGGER comments_target_cleanup AFTER DELETE ON comments
REFERENCING OLD TABLE AS deleted_targets
FOR EACH STATEMENT EXECUTE FUNCTION target_cleanup_after_delete('comment');
--> statement-breakpoint
CREATE TRIGGER architectural_styles_target_cleanup AFTER DELETE ON architectural_styles
REFERENCING OLD TABLE AS deleted_targets
FOR EACH STATEMENT EXECUTE FUNCTION target_cleanup_after_delete('architectural_style');
--> statement-breakpoint
-- Orphans an earlier deleter may have left behind.
DELETE FROM votes v WHERE NOT EXISTS (
  SELECT 1 FROM buildings t WHERE v.votable_type = 'building' AND t.id = v.votable_id
  UNION ALL SELECT 1 FROM images t WHERE v.votable_type = 'image' AND t.id = v.votable_id
  UNION ALL SELECT 1 FROM comments t WHERE v.votable_type = 'comment' AND t.id = v.votable_id
  UNION ALL SELECT 1 FROM architectural_styles t WHERE v.votable_type = 'architectural_style' AND t.id = v.votable_id
);
--> statement-breakpoint
DELETE FROM comments c WHERE NOT EXISTS (
  SELECT 1 FROM buildings t WHERE c.target_type = 'building' AND t.id = c.target_id
  UNION ALL SELECT 1 FROM images t WHERE c.target_type = 'image' AND t.id = c.target_id
);
