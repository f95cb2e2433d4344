-- Deterministic pseudo-random numbers for the open-data generators (packages/db/src/open-data/).
-- Plain integer arithmetic, so the same seed gives the same data on PGlite and on any PostgreSQL
-- version (the built-in hash functions are internal and not promised to stay stable).
-- od_hash(n, salt) is a 32-bit integer: a multiplicative hash of n and salt, then two
-- xor-shift-multiply rounds. It is written as one expression, repeated sub-terms and all, because
-- PostgreSQL inlines such a function into the calling query; a function with sub-selects is not
-- inlined and costs 20 µs a call under PGlite (40 s for the demo instead of under one).
-- od_rand(n, salt) is the same hash as a fraction in [0, 1).
CREATE FUNCTION od_hash(n bigint, salt integer) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((((((((((((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296) >> 16) # (((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296)) * 73244475) % 4294967296) >> 16) # (((((((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296) >> 16) # (((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296)) * 73244475) % 4294967296)) * 73244475) % 4294967296) >> 16) # (((((((((((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296) >> 16) # (((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296)) * 73244475) % 4294967296) >> 16) # (((((((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296) >> 16) # (((n % 2147483648) * 2654435761 + salt * 40503 + 1) % 4294967296)) * 73244475) % 4294967296)) * 73244475) % 4294967296)
$$;--> statement-breakpoint
CREATE FUNCTION od_rand(n bigint, salt integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT od_hash(n, salt)::double precision / 4294967296.0
$$;
