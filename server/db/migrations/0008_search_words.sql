-- Search at scale: every query word as a word prefix, through full-text GIN indexes on the
-- normalised text (search.service.ts). At a million buildings a trigram scan for a 2-word query reads
-- posting lists of most rows; these read only the query words' entries.
CREATE INDEX "buildings_search_text_words_idx" ON "buildings" USING gin (to_tsvector('simple'::regconfig, "search_text"));--> statement-breakpoint
CREATE INDEX "architects_name_key_words_idx" ON "architects" USING gin (to_tsvector('simple'::regconfig, "name_key"));
