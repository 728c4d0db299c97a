-- What a buyer filters on, as fields of the listing: brand and model, engine size,
-- kilometres driven, registration year, district and area, up to eight photos (the
-- first is `image`, the cover). Listings posted before these fields existed get them
-- from what they say when the server starts (`search_text IS NULL` marks them); until
-- then, and where a listing does not say, a field is NULL and filters on it pass it by.

ALTER TABLE products
    ADD COLUMN brand             TEXT,
    ADD COLUMN model             TEXT,
    ADD COLUMN engine_cc         INTEGER,
    ADD COLUMN km_driven         INTEGER,
    ADD COLUMN registration_year INTEGER,
    ADD COLUMN district          TEXT,
    ADD COLUMN area              TEXT,
    -- A JSON array of the photos' addresses, the cover first.
    ADD COLUMN photos            TEXT,
    -- The words a listing is found by, made by the server (the same words for both
    -- engines); the index reads them as they are.
    ADD COLUMN search_text       TEXT,
    ADD COLUMN search            tsvector
        GENERATED ALWAYS AS (to_tsvector('simple', coalesce(search_text, ''))) STORED;

CREATE INDEX products_search ON products USING GIN (search);
-- The orders a search sorts unsold listings in; filters narrow within them.
CREATE INDEX products_newest ON products (sold, id);
CREATE INDEX products_by_price ON products (sold, resale_price, id);
-- Fewest kilometres first, listings that do not say last: the same expression as the
-- search's ORDER BY, so that the index serves it.
CREATE INDEX products_by_km ON products (sold, (COALESCE(km_driven, 2147483647)), id);
CREATE INDEX products_by_brand ON products (brand, sold, id);
CREATE INDEX products_by_district ON products (district, sold, id);
