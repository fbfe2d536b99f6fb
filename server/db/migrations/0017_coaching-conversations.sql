CREATE TABLE "ai_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"operation" text NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer NOT NULL,
	"output_tokens" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_memories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_coach_id" uuid,
	"body" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_memories_source_check" CHECK ("coach_memories"."source" in ('person', 'coach')),
	CONSTRAINT "coach_memories_body_check" CHECK (char_length("coach_memories"."body") between 1 and 280)
);
--> statement-breakpoint
CREATE TABLE "coach_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"author" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"body" text NOT NULL,
	"engine" text,
	"model" text,
	"notice" text,
	"intent" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_messages_author_check" CHECK ("coach_messages"."author" in ('person', 'coach')),
	CONSTRAINT "coach_messages_kind_check" CHECK ("coach_messages"."kind" in ('chat', 'checkin', 'crisis')),
	CONSTRAINT "coach_messages_state_check" CHECK ("coach_messages"."state" in ('complete', 'stopped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "coach_proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_coach_id" uuid NOT NULL,
	"message_id" uuid,
	"consultation_id" uuid,
	"draft" jsonb NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"suggestion_id" uuid,
	"task_id" uuid,
	"experiment_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "coach_proposals_state_check" CHECK ("coach_proposals"."state" in ('open', 'accepted', 'declined')),
	CONSTRAINT "coach_proposals_source_check" CHECK (("coach_proposals"."message_id" is null) <> ("coach_proposals"."consultation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "coach_threads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_coach_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coaching_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"check_ins" boolean DEFAULT true NOT NULL,
	"check_ins_ignored" integer DEFAULT 0 NOT NULL,
	"last_check_in_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reflections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_coach_id" uuid,
	"period" text NOT NULL,
	"local_date" date NOT NULL,
	"body" text NOT NULL,
	"mood" integer,
	"reply" text NOT NULL,
	"crisis" boolean NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"notice" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reflections_period_check" CHECK ("reflections"."period" in ('daily', 'weekly')),
	CONSTRAINT "reflections_mood_check" CHECK ("reflections"."mood" is null or "reflections"."mood" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "team_consultations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" jsonb NOT NULL,
	"crisis" boolean NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"notice" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_coaches" DROP CONSTRAINT "user_coaches_user_id_domain_pk";--> statement-breakpoint
-- Existing team members become own coaches: an id, the catalogue's AI coach of their domain and its
-- name, the default personality, and a team place in the order they were added (ADR 034).
ALTER TABLE "user_coaches" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "user_coaches" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "catalogue_id" text;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "personality" jsonb;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "team_position" integer;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_coaches" AS uc SET
  "catalogue_id" = 'ai-' || replace(uc."domain", '_', '-'),
  "name" = CASE uc."domain" WHEN 'health' THEN 'Rowan' WHEN 'career' THEN 'Harper' WHEN 'relationships' THEN 'Sage' ELSE 'Quinn' END,
  "personality" = '{"traits":{"warmth":3,"directness":3,"humour":2,"formality":2,"challenge":3},"replyLength":"medium","personaNote":null}'::jsonb,
  "team_position" = ranked.position,
  "updated_at" = uc."added_at",
  "tone" = CASE uc."tone" WHEN 'encouraging' THEN 'supportive' WHEN 'playful' THEN 'motivational' ELSE uc."tone" END
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "added_at", "domain") AS position
  FROM "user_coaches"
) AS ranked
WHERE ranked."id" = uc."id";--> statement-breakpoint
ALTER TABLE "user_coaches" ALTER COLUMN "catalogue_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coaches" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coaches" ALTER COLUMN "personality" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coaches" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
-- One tone list everywhere (ADR 034): onboarding's and the assessments' stored choices move too.
UPDATE "onboarding_progress" SET "coach_tone" = CASE "coach_tone" WHEN 'encouraging' THEN 'supportive' WHEN 'playful' THEN 'motivational' ELSE "coach_tone" END
WHERE "coach_tone" IN ('encouraging', 'playful');--> statement-breakpoint
UPDATE "deliveries" SET "payload" = jsonb_set("payload", '{coachTone}', to_jsonb(CASE "payload"->>'coachTone' WHEN 'encouraging' THEN 'supportive' ELSE 'motivational' END))
WHERE "payload"->>'coachTone' IN ('encouraging', 'playful');--> statement-breakpoint
UPDATE "assessments" SET "answers" = jsonb_set("answers", '{tone}', to_jsonb(CASE "answers"->>'tone' WHEN 'encouraging' THEN 'supportive' ELSE 'motivational' END))
WHERE "answers"->>'tone' IN ('encouraging', 'playful');--> statement-breakpoint
ALTER TABLE "ai_calls" ADD CONSTRAINT "ai_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_memories" ADD CONSTRAINT "coach_memories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_memories" ADD CONSTRAINT "coach_memories_user_coach_id_user_coaches_id_fk" FOREIGN KEY ("user_coach_id") REFERENCES "public"."user_coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_thread_id_coach_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."coach_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_proposals" ADD CONSTRAINT "coach_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_proposals" ADD CONSTRAINT "coach_proposals_user_coach_id_user_coaches_id_fk" FOREIGN KEY ("user_coach_id") REFERENCES "public"."user_coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_proposals" ADD CONSTRAINT "coach_proposals_message_id_coach_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."coach_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_proposals" ADD CONSTRAINT "coach_proposals_consultation_id_team_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."team_consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_proposals" ADD CONSTRAINT "coach_proposals_suggestion_id_coach_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."coach_suggestions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_threads" ADD CONSTRAINT "coach_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_threads" ADD CONSTRAINT "coach_threads_user_coach_id_user_coaches_id_fk" FOREIGN KEY ("user_coach_id") REFERENCES "public"."user_coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_preferences" ADD CONSTRAINT "coaching_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reflections" ADD CONSTRAINT "reflections_user_coach_id_user_coaches_id_fk" FOREIGN KEY ("user_coach_id") REFERENCES "public"."user_coaches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_consultations" ADD CONSTRAINT "team_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_calls_user_idx" ON "ai_calls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_calls_created_idx" ON "ai_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coach_memories_user_idx" ON "coach_memories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_messages_thread_idx" ON "coach_messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coach_proposals_message_idx" ON "coach_proposals" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "coach_proposals_consultation_idx" ON "coach_proposals" USING btree ("consultation_id");--> statement-breakpoint
CREATE INDEX "coach_proposals_user_idx" ON "coach_proposals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_threads_coach_idx" ON "coach_threads" USING btree ("user_coach_id");--> statement-breakpoint
CREATE INDEX "coach_threads_user_idx" ON "coach_threads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reflections_user_idx" ON "reflections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "team_consultations_user_idx" ON "team_consultations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coaches_user_catalogue_idx" ON "user_coaches" USING btree ("user_id","catalogue_id");--> statement-breakpoint
CREATE INDEX "user_coaches_user_team_idx" ON "user_coaches" USING btree ("user_id","team_position");--> statement-breakpoint
ALTER TABLE "user_coaches" ADD CONSTRAINT "user_coaches_tone_check" CHECK ("user_coaches"."tone" in ('supportive', 'direct', 'analytical', 'motivational', 'mindful'));--> statement-breakpoint
ALTER TABLE "user_coaches" ADD CONSTRAINT "user_coaches_name_check" CHECK (char_length("user_coaches"."name") between 1 and 40);