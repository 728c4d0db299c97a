-- SQLite twin of migrations/postgres/0024_search_words_places.sql (same version, same shape).
-- Search reads the Bangla names of every district and of the areas buyers name
-- (docs/search.md, "Bangla and accents": মিরপুর is mirpur, বগুড়া bogura). Every
-- listing's words are made again when the server starts, as after 0022.
UPDATE products SET search_text = NULL WHERE search_text IS NOT NULL;
-- The full-text index read again from the listings' words: none, until the server
-- writes each listing's new words to it.
INSERT INTO products_search (products_search) VALUES ('rebuild');
