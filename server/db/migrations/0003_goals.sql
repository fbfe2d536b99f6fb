CREATE TABLE "goal_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"goal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"domain" text NOT NULL,
	"specific" text NOT NULL,
	"metric" jsonb NOT NULL,
	"deadline" date NOT NULL,
	"why" text NOT NULL,
	"first_step" text NOT NULL,
	"weekly_hours" double precision NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"proposed_by" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"progress_reached" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "goals_domain_check" CHECK ("goals"."domain" in ('health', 'career', 'relationships', 'personal_development')),
	CONSTRAINT "goals_priority_check" CHECK ("goals"."priority" in ('high', 'medium', 'low')),
	CONSTRAINT "goals_status_check" CHECK ("goals"."status" in ('active', 'paused', 'completed', 'archived')),
	CONSTRAINT "goals_progress_check" CHECK ("goals"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"goal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"due_date" date NOT NULL,
	"position" integer NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"daily_capacity_minutes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profiles_capacity_check" CHECK ("profiles"."daily_capacity_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid,
	"milestone_id" uuid,
	"title" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'open' NOT NULL,
	"scheduled_date" date,
	"due_date" date,
	"snoozed_until" date,
	"estimated_minutes" integer,
	"recurrence_kind" text,
	"recurrence_times_per_week" integer,
	"recurrence_every_days" integer,
	"series_id" uuid,
	"repeats_until" date,
	"open_since" date NOT NULL,
	"completed_at" timestamp with time zone,
	"closed_on" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'done', 'skipped')),
	CONSTRAINT "tasks_recurrence_check" CHECK (("tasks"."recurrence_kind" is null and "tasks"."recurrence_times_per_week" is null and "tasks"."recurrence_every_days" is null)
        or ("tasks"."recurrence_kind" = 'weekly' and "tasks"."recurrence_times_per_week" between 1 and 7 and "tasks"."recurrence_every_days" is null)
        or ("tasks"."recurrence_kind" = 'after_completion' and "tasks"."recurrence_every_days" between 1 and 90 and "tasks"."recurrence_times_per_week" is null))
);
--> statement-breakpoint
CREATE TABLE "top_three_days" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"picks" jsonb NOT NULL,
	"swapped_out" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_history" ADD CONSTRAINT "goal_history_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_history" ADD CONSTRAINT "goal_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_three_days" ADD CONSTRAINT "top_three_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_history_goal_created_idx" ON "goal_history" USING btree ("goal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "goal_history_progress_key" ON "goal_history" USING btree ("goal_id",("data"->>'threshold')) WHERE "goal_history"."kind" = 'progress';--> statement-breakpoint
CREATE INDEX "goals_user_status_idx" ON "goals" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "milestones_goal_idx" ON "milestones" USING btree ("goal_id","position");--> statement-breakpoint
CREATE INDEX "milestones_user_due_idx" ON "milestones" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_user_status_scheduled_idx" ON "tasks" USING btree ("user_id","status","scheduled_date");--> statement-breakpoint
CREATE INDEX "tasks_goal_idx" ON "tasks" USING btree ("goal_id");--> statement-breakpoint
CREATE INDEX "tasks_milestone_idx" ON "tasks" USING btree ("milestone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_series_open_key" ON "tasks" USING btree ("series_id") WHERE "tasks"."series_id" is not null and "tasks"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "top_three_days_user_date_key" ON "top_three_days" USING btree ("user_id","local_date");