-- Finding a job's canonical candidates without reading every live job of the company with
-- the same normalized title (a large board has hundreds): two SimHashes within 3 bits agree
-- exactly on at least one of their four 16-bit bands, so a candidate must share a band,
-- and each band is indexed, in age order: a job compares itself with at most the 32 oldest
-- canonical jobs sharing each band (a company's many postings of one title share much text,
-- and reading them all made a large board's first crawl quadratic).
CREATE INDEX jobs_simhash_band_0 ON jobs (company_id, normalized_title, ((description_simhash >> 48) & 65535), created_at, id)
  WHERE expired_at IS NULL AND duplicate_of IS NULL AND board_id IS NOT NULL;
CREATE INDEX jobs_simhash_band_1 ON jobs (company_id, normalized_title, ((description_simhash >> 32) & 65535), created_at, id)
  WHERE expired_at IS NULL AND duplicate_of IS NULL AND board_id IS NOT NULL;
CREATE INDEX jobs_simhash_band_2 ON jobs (company_id, normalized_title, ((description_simhash >> 16) & 65535), created_at, id)
  WHERE expired_at IS NULL AND duplicate_of IS NULL AND board_id IS NOT NULL;
CREATE INDEX jobs_simhash_band_3 ON jobs (company_id, normalized_title, (description_simhash & 65535), created_at, id)
  WHERE expired_at IS NULL AND duplicate_of IS NULL AND board_id IS NOT NULL;
-- The candidates index of 011 would be preferred while statistics lag behind a large first
-- crawl, and reads every job of the title: the band indexes replace it.
DROP INDEX jobs_canonical_candidates;
