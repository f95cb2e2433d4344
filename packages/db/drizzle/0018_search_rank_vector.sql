-- The words that name a service, apart from its description: when no service has every word searched for,
-- thousands may have one of them (issue 11: 2,600 of 20,000 for 'doacao servidor'), and ranking them on the
-- whole search vector read each one's description from TOAST storage (18 ms a search; 8 ms on this vector).
ALTER TABLE "services" ADD COLUMN "search_rank_vector" "tsvector";--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_service_search(p_ids integer[] DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  UPDATE services s SET
    search_title = lower(unaccent(s.title)),
    card_tags = coalesce(array(SELECT t.name FROM service_tags st JOIN tags t ON t.id = st.tag_id WHERE st.service_id = s.id ORDER BY t.name), '{}'),
    card_targets = coalesce(array(SELECT tg.name FROM service_targets stg JOIN targets tg ON tg.id = stg.target_id WHERE stg.service_id = s.id ORDER BY tg.id), '{}'),
    card_sections = coalesce(array(SELECT ds.name FROM service_sections ss JOIN department_sections ds ON ds.id = ss.section_id WHERE ss.service_id = s.id ORDER BY ds.id), '{}'),
    card_popular_names = coalesce(array(SELECT p.name FROM service_popular_names p WHERE p.service_id = s.id ORDER BY p.id), '{}'),
    search_names = coalesce(array(
      SELECT trim(regexp_replace(replace(lower(unaccent(p.name)), '.', ''), '[^a-z0-9]+', ' ', 'g'))
      FROM service_popular_names p WHERE p.service_id = s.id ORDER BY p.id), '{}'),
    search_vector =
         search_both('A', s.title)
      || search_both('A', (SELECT string_agg(p.name, ' ') FROM service_popular_names p WHERE p.service_id = s.id))
      || search_both('B', (SELECT string_agg(t.name, ' ') FROM service_tags st JOIN tags t ON t.id = st.tag_id WHERE st.service_id = s.id))
      || search_both('C', regexp_replace(s.description, '<[^>]+>', ' ', 'g'))
      || search_both('D', (SELECT d.short_name || ' ' || d.name FROM departments d WHERE d.id = s.department_id))
      || search_both('D', (SELECT c.name FROM categories c WHERE c.id = s.category_id)),
    search_rank_vector =
         search_both('A', s.title)
      || search_both('A', (SELECT string_agg(p.name, ' ') FROM service_popular_names p WHERE p.service_id = s.id))
      || search_both('B', (SELECT string_agg(t.name, ' ') FROM service_tags st JOIN tags t ON t.id = st.tag_id WHERE st.service_id = s.id))
  WHERE p_ids IS NULL OR s.id = ANY(p_ids)
$$;--> statement-breakpoint
SELECT refresh_service_search(NULL);
