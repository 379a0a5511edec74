-- The language a user's administrator pages speak: en, de, fr or es, or NULL to follow the browser's
-- Accept-Language and then the site's default (site.language).
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('en', 'de', 'fr', 'es'));
