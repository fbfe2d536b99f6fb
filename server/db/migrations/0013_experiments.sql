CREATE TABLE "experiment_checkins" (
	"experiment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"value" double precision NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiment_checkins_experiment_id_local_date_pk" PRIMARY KEY("experiment_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"goal_id" uuid,
	"title" text NOT NULL,
	"hypothesis" text NOT NULL,
	"change_to_try" text NOT NULL,
	"metric" jsonb NOT NULL,
	"baseline" double precision,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"closed" text,
	"closed_on" date,
	"origin" text DEFAULT 'person' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiments_duration_check" CHECK ("experiments"."end_date" - "experiments"."start_date" between 6 and 27),
	CONSTRAINT "experiments_closed_check" CHECK ("experiments"."closed" in ('ended', 'abandoned')),
	CONSTRAINT "experiments_closed_on_check" CHECK (("experiments"."closed" is null) = ("experiments"."closed_on" is null)),
	CONSTRAINT "experiments_origin_check" CHECK ("experiments"."origin" in ('person', 'coach', 'insight'))
);
--> statement-breakpoint
ALTER TABLE "experiment_checkins" ADD CONSTRAINT "experiment_checkins_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_checkins" ADD CONSTRAINT "experiment_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiments_user_idx" ON "experiments" USING btree ("user_id","start_date");