CREATE TABLE "engagement_days" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"sessions" integer NOT NULL,
	"foreground_seconds" integer NOT NULL,
	CONSTRAINT "engagement_days_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "engagement_days_counts_check" CHECK ("engagement_days"."sessions" >= 0 and "engagement_days"."foreground_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "session_events" (
	"user_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"local_hour" smallint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_events_user_id_id_pk" PRIMARY KEY("user_id","id"),
	CONSTRAINT "session_events_type_check" CHECK ("session_events"."type" in ('start', 'background', 'foreground', 'end')),
	CONSTRAINT "session_events_hour_check" CHECK ("session_events"."local_hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "engagement_days" ADD CONSTRAINT "engagement_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_events_user_date_idx" ON "session_events" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX "session_events_session_idx" ON "session_events" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "session_events_occurred_idx" ON "session_events" USING btree ("occurred_at");