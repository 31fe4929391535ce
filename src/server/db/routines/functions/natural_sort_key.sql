-- Natural order for names ('Hen 2' before 'Hen 10'): lower case, every run of digits left-padded
-- to 20 places; compare with COLLATE "C" so both databases agree. The same rule as
-- src/shared/animals/natural-sort.ts (tested against each other).
--
-- Stored: animals.name_key (and its index) holds its results (set by animals_name_key). A change of
-- what it returns needs a migration that defines the new body itself and rewrites the stored keys.
CREATE OR REPLACE FUNCTION natural_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN part[2] IS NULL THEN part[1]
         WHEN length(part[2]) >= 20 THEN part[2]
         ELSE lpad(part[2], 20, '0') END, '' ORDER BY n), '')
  FROM regexp_matches(lower(value), '(\D+)|(\d+)', 'g') WITH ORDINALITY AS t(part, n)
$$;
