-- SQLite twin of migrations/postgres/0022_search_words.sql (same version, same shape).
-- Search reads more words than it did (docs/search.md, "Bangla and accents"): Bangla
-- spellings of models, accented letters, Bangla digits. Every listing's words are made
-- again when the server starts, as for the listings from before migration 0008
-- (`search_text IS NULL` marks them; the fields a listing has are kept). Until then a
-- listing is found by filters but not by words.
UPDATE products SET search_text = NULL WHERE search_text IS NOT NULL;
-- The full-text index read again from the listings' words: none, until the server
-- writes each listing's new words to it.
INSERT INTO products_search (products_search) VALUES ('rebuild');
