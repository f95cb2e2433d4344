-- Search: the weighted vector, the lexicon for typo correction, and their indexes.
-- Each text is indexed twice: with 'portuguese' (good stems: 'renovação' and 'renovar' -> 'renov') and
-- with 'pt_unaccent' (matches text typed without accents: 'habilitacao'). Queries ask both forms.
CREATE INDEX services_search_vector_idx ON services USING gin (search_vector);--> statement-breakpoint
CREATE INDEX services_search_title_trgm_idx ON services USING gin (search_title gin_trgm_ops);--> statement-breakpoint
CREATE INDEX search_lexicon_word_trgm_idx ON search_lexicon USING gin (word gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION search_both(weight "char", body text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('portuguese'::regconfig, coalesce(body, '')), weight)
      || setweight(to_tsvector('pt_unaccent'::regconfig, coalesce(body, '')), weight)
$$;--> statement-breakpoint
CREATE FUNCTION refresh_service_search(p_ids integer[] DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  UPDATE services s SET
    search_title = lower(unaccent(s.title)),
    search_vector =
         search_both('A', s.title)
      || search_both('A', (SELECT string_agg(p.name, ' ') FROM service_popular_names p WHERE p.service_id = s.id))
      || search_both('B', (SELECT string_agg(t.name, ' ') FROM service_tags st JOIN tags t ON t.id = st.tag_id WHERE st.service_id = s.id))
      || search_both('C', regexp_replace(s.description, '<[^>]+>', ' ', 'g'))
      || search_both('D', (SELECT d.short_name || ' ' || d.name FROM departments d WHERE d.id = s.department_id))
      || search_both('D', (SELECT c.name FROM categories c WHERE c.id = s.category_id))
  WHERE p_ids IS NULL OR s.id = ANY(p_ids)
$$;--> statement-breakpoint
CREATE FUNCTION refresh_search_lexicon() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_lexicon;
  INSERT INTO search_lexicon (word)
  SELECT DISTINCT w FROM (
    SELECT regexp_split_to_table(lower(unaccent(title)), '[^a-z0-9]+') AS w FROM services WHERE active
    UNION ALL SELECT regexp_split_to_table(lower(unaccent(name)), '[^a-z0-9]+') FROM service_popular_names
    UNION ALL SELECT regexp_split_to_table(lower(unaccent(name)), '[^a-z0-9]+') FROM tags
    UNION ALL SELECT regexp_split_to_table(lower(unaccent(name)), '[^a-z0-9]+') FROM categories
    UNION ALL SELECT regexp_split_to_table(lower(unaccent(short_name || ' ' || name)), '[^a-z0-9]+') FROM departments
    UNION ALL SELECT regexp_split_to_table(term || ' ' || lower(unaccent(expansion)), '[^a-z0-9]+') FROM search_synonyms
  ) words
  WHERE length(w) >= 3;
$$;
