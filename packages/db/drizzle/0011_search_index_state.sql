CREATE TABLE "search_document_changes" (
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	CONSTRAINT "search_document_changes_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"vocabulary" bigint DEFAULT 0 NOT NULL,
	"products" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_index_state" ("id") VALUES (1);--> statement-breakpoint
-- The counters follow every write that changes rows, whoever makes it (refresh.ts, the sync
-- triggers of 0008, an import): statement-level, and only when the statement changed a row.
CREATE FUNCTION "search_index_bump_vocabulary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE search_index_state SET vocabulary = vocabulary + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_index_bump_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE search_index_state SET products = products + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_vocabulary_bump_insert" AFTER INSERT ON "search_vocabulary"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_index_bump_vocabulary"();--> statement-breakpoint
CREATE TRIGGER "search_vocabulary_bump_update" AFTER UPDATE ON "search_vocabulary"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_index_bump_vocabulary"();--> statement-breakpoint
CREATE TRIGGER "search_vocabulary_bump_delete" AFTER DELETE ON "search_vocabulary"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_index_bump_vocabulary"();--> statement-breakpoint
CREATE TRIGGER "search_products_bump_insert" AFTER INSERT ON "search_products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_index_bump_products"();--> statement-breakpoint
CREATE TRIGGER "search_products_bump_update" AFTER UPDATE ON "search_products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_index_bump_products"();--> statement-breakpoint
CREATE TRIGGER "search_products_bump_delete" AFTER DELETE ON "search_products"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_index_bump_products"();--> statement-breakpoint
-- Stores and CMS nodes written since their search documents were made (any column: a rename,
-- a new town, a page published or moved); the next search re-tokenises just these.
CREATE FUNCTION "search_queue_stores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_document_changes (kind, ref_id)
    SELECT DISTINCT 'stores', id::text FROM changed_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_queue_cms_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_document_changes (kind, ref_id)
    SELECT DISTINCT 'cms_pages', id::text FROM changed_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stores_search_queue_insert" AFTER INSERT ON "stores"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_queue_stores"();--> statement-breakpoint
CREATE TRIGGER "stores_search_queue_update" AFTER UPDATE ON "stores"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_queue_stores"();--> statement-breakpoint
CREATE TRIGGER "stores_search_queue_delete" AFTER DELETE ON "stores"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_queue_stores"();--> statement-breakpoint
CREATE TRIGGER "cms_nodes_search_queue_insert" AFTER INSERT ON "cms_nodes"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_queue_cms_pages"();--> statement-breakpoint
CREATE TRIGGER "cms_nodes_search_queue_update" AFTER UPDATE ON "cms_nodes"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_queue_cms_pages"();--> statement-breakpoint
CREATE TRIGGER "cms_nodes_search_queue_delete" AFTER DELETE ON "cms_nodes"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "search_queue_cms_pages"();--> statement-breakpoint
-- Read-mostly GIN indexes: without the pending list every search scans the unsorted tail
-- (hundreds of pages after an import) until autovacuum merges it.
ALTER INDEX "search_products_tokens_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_products_title_tokens_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_documents_tokens_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('search_products_tokens_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('search_products_title_tokens_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('search_documents_tokens_idx'::regclass);--> statement-breakpoint
-- The grouped search runs no statement in a transaction of its own settings any more: a
-- parallel plan of search_products costs more to start than the query takes (2 cores).
ALTER TABLE "search_products" SET (parallel_workers = 0);
