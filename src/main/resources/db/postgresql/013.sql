-- The language a signer's pages and emails speak: en, de, fr or es, or NULL for the site's
-- default (site.language), which the pages refine by the browser's Accept-Language.
ALTER TABLE signers ADD COLUMN language TEXT CHECK (language IN ('en', 'de', 'fr', 'es'));
