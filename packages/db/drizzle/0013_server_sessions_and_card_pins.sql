CREATE TABLE "trade_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "pin_sealed" text;--> statement-breakpoint
ALTER TABLE "trade_sessions" ADD CONSTRAINT "trade_sessions_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_sessions_user_idx" ON "trade_sessions" USING btree ("user_id");--> statement-breakpoint
-- Issue 15: a new password or a deactivated account ends every session of the user at once,
-- whichever code changes the row.
CREATE FUNCTION "trade_sessions_revoke_on_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "trade_sessions" SET "revoked_at" = now()
    WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trade_users_revoke_sessions" AFTER UPDATE OF "password_hash", "is_active" ON "trade_users"
  FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash" OR (OLD."is_active" AND NOT NEW."is_active"))
  EXECUTE FUNCTION "trade_sessions_revoke_on_user_change"();
