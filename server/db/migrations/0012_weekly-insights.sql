CREATE TABLE "weekly_insights" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"content" jsonb,
	"engine" text,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "weekly_insights_status_check" CHECK ("weekly_insights"."status" in ('pending', 'writing', 'ready')),
	CONSTRAINT "weekly_insights_ready_check" CHECK ("weekly_insights"."status" <> 'ready' or ("weekly_insights"."content" is not null and "weekly_insights"."generated_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "weekly_insights" ADD CONSTRAINT "weekly_insights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_insights_user_week_key" ON "weekly_insights" USING btree ("user_id","week_start");--> statement-breakpoint
CREATE INDEX "weekly_insights_due_idx" ON "weekly_insights" USING btree ("due_at") WHERE "weekly_insights"."status" in ('pending', 'writing');