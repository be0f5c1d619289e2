-- Trigram index support for product search (ILIKE '%…%'); shipped with PostgreSQL contrib and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
