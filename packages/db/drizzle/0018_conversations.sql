CREATE TABLE "trade_conversation_sides" (
	"conversation_id" integer NOT NULL,
	"side" text NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	"notify_after" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "trade_conversation_sides_conversation_id_side_pk" PRIMARY KEY("conversation_id","side")
);
--> statement-breakpoint
CREATE TABLE "trade_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"project_id" integer,
	"end_customer_id" integer,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_message_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"side" text NOT NULL,
	"sender_user_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_conversation_sides" ADD CONSTRAINT "trade_conversation_sides_conversation_id_trade_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."trade_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_conversations" ADD CONSTRAINT "trade_conversations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_conversations" ADD CONSTRAINT "trade_conversations_company_id_trade_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."trade_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_conversations" ADD CONSTRAINT "trade_conversations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_conversations" ADD CONSTRAINT "trade_conversations_project_id_trade_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."trade_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_conversations" ADD CONSTRAINT "trade_conversations_handled_by_trade_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_message_attachments" ADD CONSTRAINT "trade_message_attachments_message_id_trade_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."trade_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_messages" ADD CONSTRAINT "trade_messages_conversation_id_trade_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."trade_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_messages" ADD CONSTRAINT "trade_messages_sender_user_id_trade_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."trade_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_conversation_sides_notify_idx" ON "trade_conversation_sides" USING btree ("notify_after") WHERE "trade_conversation_sides"."notify_after" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_conversations_thread_uq" ON "trade_conversations" USING btree ("company_id","store_id",coalesce("project_id", 0),coalesce("end_customer_id", 0));--> statement-breakpoint
CREATE INDEX "trade_conversations_store_idx" ON "trade_conversations" USING btree ("store_id","last_message_at");--> statement-breakpoint
CREATE INDEX "trade_message_attachments_message_idx" ON "trade_message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "trade_messages_conversation_idx" ON "trade_messages" USING btree ("conversation_id","id");