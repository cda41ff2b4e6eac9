-- A raw location string that names several places is now stored as one location per
-- place, each keeping the raw string (geo/job-locations.ts). Re-sent raw locations are
-- "unchanged" when their distinct strings, in order of first appearance, are the stored
-- ones', so the geocoded places are kept.
CREATE OR REPLACE FUNCTION job_locations_unchanged(stored jsonb, incoming jsonb) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT coalesce(array_agg(raw ORDER BY first), '{}')
            FROM (SELECT l->>'location' AS raw, min(o) AS first
                    FROM jsonb_array_elements(stored) WITH ORDINALITY AS x(l, o) GROUP BY 1) s)
       = (SELECT coalesce(array_agg(raw ORDER BY first), '{}')
            FROM (SELECT l->>'location' AS raw, min(o) AS first
                    FROM jsonb_array_elements(incoming) WITH ORDINALITY AS x(l, o) GROUP BY 1) s)
     AND NOT EXISTS (SELECT FROM jsonb_array_elements(incoming) AS l WHERE l->>'latitude' IS NOT NULL);
