-- Extensions and the Portuguese text search configuration. drizzle-kit cannot express these.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- pt_unaccent: what a citizen types without accents ('habilitacao') meets what the catalog writes
-- ('habilitação'). Stemming after unaccent is weaker ('renovação' -> 'renovaca', 'renovar' -> 'renov'),
-- so the search vector holds both this and the plain 'portuguese' form; see migration 0002.
CREATE TEXT SEARCH CONFIGURATION pt_unaccent (COPY = portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pt_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
