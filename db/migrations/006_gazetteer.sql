-- The offline gazetteer behind the geocoder (geo/), and its cache. The tables are filled
-- from registry packages of GeoNames data at first start (geo/gazetteer-loader.ts);
-- nothing is fetched at run time.

CREATE TABLE geo_countries (
  code text PRIMARY KEY,            -- ISO 3166-1 alpha-2
  alpha3 text NOT NULL UNIQUE,
  name text NOT NULL
);

-- First-level subdivisions: US states, Canadian provinces, English counties' nations...
CREATE TABLE geo_regions (
  country text NOT NULL,
  code text NOT NULL,               -- GeoNames admin1 code (US: the postal code; CA: 08...)
  name text NOT NULL,
  -- The code postings use when it differs from GeoNames' (CA: ON, AU: NSW), else null.
  abbreviation text,
  PRIMARY KEY (country, code)
);

CREATE TABLE geo_cities (
  id integer PRIMARY KEY,           -- GeoNames id
  name text NOT NULL,
  country text NOT NULL,
  admin1 text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  population bigint NOT NULL
);

-- Every name of a city (its name, ASCII name and alternate names), normalized
-- (geo/normalize.ts): exact lookups by key, misspellings by trigram similarity.
CREATE TABLE geo_city_names (
  key text NOT NULL,
  city_id integer NOT NULL REFERENCES geo_cities (id) ON DELETE CASCADE,
  PRIMARY KEY (key, city_id)
);
CREATE INDEX geo_city_names_trgm ON geo_city_names USING gin (key gin_trgm_ops);

-- Which package versions the tables were loaded from.
CREATE TABLE gazetteer_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version text NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);

-- Successful resolutions only, by normalized input.
CREATE TABLE geocode_cache (
  key text PRIMARY KEY,
  locations jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
