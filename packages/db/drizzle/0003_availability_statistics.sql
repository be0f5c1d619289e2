-- Extended statistics on the availability bit tests the listings filter by. Without them
-- PostgreSQL estimates `(availability & 41)`-style predicates at a handful of rows and picks
-- plans that scan the whole stock table (seconds at 100k products). The seed's final ANALYZE
-- fills them.
CREATE STATISTICS IF NOT EXISTS "articles_availability_stats" ON ((availability & 9)), ((availability & 41)) FROM "articles";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "stock_availability_stats" ON ((availability & 41)), ((availability & 57)) FROM "stock";
