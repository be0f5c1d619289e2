CREATE TABLE "seed_deferred_ddl" (
	"name" text PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"kind" text NOT NULL,
	"statement" text NOT NULL
);
