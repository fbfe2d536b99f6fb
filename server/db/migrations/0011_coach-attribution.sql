CREATE TABLE "coach_suggestions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"coach" text NOT NULL,
	"engine" text NOT NULL,
	"local_date" date NOT NULL,
	"goal_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "coach_suggestions_kind_check" CHECK ("coach_suggestions"."kind" in ('goal', 'plan', 'chat_proposal')),
	CONSTRAINT "coach_suggestions_coach_check" CHECK ("coach_suggestions"."coach" in ('health', 'career', 'relationships', 'personal_development')),
	CONSTRAINT "coach_suggestions_engine_check" CHECK ("coach_suggestions"."engine" in ('offline', 'openai', 'anthropic', 'openai-compatible'))
);
--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "proposed_by_coach" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "proposed_by_coach" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "proposed_by_coach" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "coach_suggestions" ADD CONSTRAINT "coach_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_suggestions" ADD CONSTRAINT "coach_suggestions_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_suggestions_user_date_idx" ON "coach_suggestions" USING btree ("user_id","local_date");--> statement-breakpoint
-- Goals a coach proposed before attribution: their coach is the goal's domain, as the refine flow's.
UPDATE "goals" SET "proposed_by_coach" = "domain" WHERE "proposed_by" IS NOT NULL;
