-- Stored files waiting to be removed (an outbox): a deletion writes its files' keys here in the
-- same transaction that removes their rows, so no row ever names a missing file, and a crash
-- between the commit and the removal loses nothing. The purge-file-deletions job removes the files
-- and then these rows, and retries the ones that failed. A key whose upload URL may still be used
-- (an unfinished upload) waits until remove_after, when a late upload can no longer arrive.
-- See docs/decisions/2026-11-27-account-deletion.md.
CREATE TABLE "file_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remove_after" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "file_deletions_queued_at_idx" ON "file_deletions" USING btree ("queued_at");
