CREATE TABLE "trade_conversation_reads" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trade_conversation_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "trade_conversation_reads" ADD CONSTRAINT "trade_conversation_reads_conversation_id_trade_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."trade_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_conversation_reads" ADD CONSTRAINT "trade_conversation_reads_user_id_trade_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."trade_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_conversation_reads_user_idx" ON "trade_conversation_reads" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_created_by_user_id_trade_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The quotes written before drafts existed were all sent.
UPDATE "trade_quotes" SET "sent_at" = "created_at" WHERE "sent_at" IS NULL;--> statement-breakpoint
-- Each participant starts from what their side had read.
INSERT INTO "trade_conversation_reads" ("conversation_id", "user_id", "last_read_message_id")
SELECT DISTINCT m."conversation_id", m."sender_user_id", s."last_read_message_id"
FROM "trade_messages" m JOIN "trade_conversation_sides" s ON s."conversation_id" = m."conversation_id" AND s."side" = m."side"
WHERE m."sender_user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
