CREATE TABLE "storage_removals" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"remove_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "trade_export_jobs" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "storage_removals_due_idx" ON "storage_removals" USING btree ("remove_after");--> statement-breakpoint
-- A deleted file row (one file, or every file of a deleted project, order, message or
-- company, by cascade) hands its keys to storage_removals; the job runner deletes the bytes
-- (ADR 041).
CREATE OR REPLACE FUNCTION storage_removal_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_removals (storage_key, remove_after, reason)
    SELECT k, now(), TG_TABLE_NAME || ' deleted'
    FROM unnest(ARRAY[OLD.storage_key, OLD.thumbnail_key]) AS k
    WHERE k IS NOT NULL
  ON CONFLICT (storage_key) DO UPDATE SET remove_after = least(storage_removals.remove_after, excluded.remove_after);
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER trade_project_files_storage_removal AFTER DELETE ON trade_project_files
  FOR EACH ROW EXECUTE FUNCTION storage_removal_on_delete();--> statement-breakpoint
CREATE TRIGGER trade_order_attachments_storage_removal AFTER DELETE ON trade_order_attachments
  FOR EACH ROW EXECUTE FUNCTION storage_removal_on_delete();--> statement-breakpoint
CREATE TRIGGER trade_message_attachments_storage_removal AFTER DELETE ON trade_message_attachments
  FOR EACH ROW EXECUTE FUNCTION storage_removal_on_delete();
