-- SQLite twin of migrations/postgres/0008_structured_listings.sql (same version, same
-- shape). What a buyer filters on, as fields of the listing: brand and model, engine
-- size, kilometres driven, registration year, district and area, up to eight photos
-- (the first is `image`, the cover). Listings posted before these fields existed get
-- them from what they say when the server starts (`search_text IS NULL` marks them);
-- until then, and where a listing does not say, a field is NULL and filters on it pass
-- it by.

ALTER TABLE products ADD COLUMN brand TEXT;
ALTER TABLE products ADD COLUMN model TEXT;
ALTER TABLE products ADD COLUMN engine_cc INTEGER;
ALTER TABLE products ADD COLUMN km_driven INTEGER;
ALTER TABLE products ADD COLUMN registration_year INTEGER;
ALTER TABLE products ADD COLUMN district TEXT;
ALTER TABLE products ADD COLUMN area TEXT;
-- A JSON array of the photos' addresses, the cover first.
ALTER TABLE products ADD COLUMN photos TEXT;
-- The words a listing is found by, made by the server (the same words for both
-- engines); the index reads them as they are.
ALTER TABLE products ADD COLUMN search_text TEXT;

-- The full-text index over `search_text`. Words are split on anything but letters and
-- digits, as PostgreSQL's 'simple' configuration does. The triggers below add a new
-- listing and drop a deleted one (cascades included); a change of `search_text` is
-- written to it by the server in the same transaction, as a trigger would do it a
-- thousand times slower (FTS5 writes its pending words out at every trigger's
-- savepoint: 1 ms a row instead of 2 µs).
CREATE VIRTUAL TABLE products_search USING fts5 (
    search_text,
    content = 'products',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);
CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
    INSERT INTO products_search (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
    INSERT INTO products_search (products_search, rowid, search_text)
    VALUES ('delete', old.id, old.search_text);
END;

-- The orders a search sorts unsold listings in; filters narrow within them.
CREATE INDEX products_newest ON products (sold, id);
CREATE INDEX products_by_price ON products (sold, resale_price, id);
-- Fewest kilometres first, listings that do not say last: the same expression as the
-- search's ORDER BY, so that the index serves it.
CREATE INDEX products_by_km ON products (sold, (COALESCE(km_driven, 2147483647)), id);
CREATE INDEX products_by_brand ON products (brand, sold, id);
CREATE INDEX products_by_district ON products (district, sold, id);
