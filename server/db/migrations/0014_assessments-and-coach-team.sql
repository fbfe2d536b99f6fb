CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"answers" jsonb NOT NULL,
	"status" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "assessments_kind_check" CHECK ("assessments"."kind" in ('quick', 'enhanced')),
	CONSTRAINT "assessments_status_check" CHECK (("assessments"."status" = 'in_progress' and "assessments"."completed_at" is null) or ("assessments"."status" = 'completed' and "assessments"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "user_coaches" (
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"tone" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_coaches_user_id_domain_pk" PRIMARY KEY("user_id","domain")
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD CONSTRAINT "user_coaches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_one_unfinished_idx" ON "assessments" USING btree ("user_id","kind") WHERE "assessments"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "assessments_user_completed_idx" ON "assessments" USING btree ("user_id","completed_at");