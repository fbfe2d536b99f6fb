CREATE TABLE "notification_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_unread_check" CHECK ("notification_counts"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"muted_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coach_id" text,
	"data" jsonb,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('coach_message', 'goal_progress', 'achievement', 'insight', 'other')),
	CONSTRAINT "notifications_priority_check" CHECK ("notifications"."priority" in ('high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "notifications"."read";--> statement-breakpoint
CREATE INDEX "notifications_user_type_created_idx" ON "notifications" USING btree ("user_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);