-- The looser search (any of the words, when no service has them all) lists the most accessed services one of
-- the words names (search.repository.ts, mostAccessedNamed). Where the words are common, the index on
-- access_count finds those and stops; where they are rare, this one finds the few, instead of every service
-- being tested (issue 11).
CREATE INDEX services_search_rank_vector_idx ON services USING gin (search_rank_vector);
