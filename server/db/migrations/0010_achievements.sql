CREATE TABLE "achievement_backfills" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"user_id" uuid NOT NULL,
	"badge" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "achievements_user_id_badge_pk" PRIMARY KEY("user_id","badge")
);
--> statement-breakpoint
ALTER TABLE "achievement_backfills" ADD CONSTRAINT "achievement_backfills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Everyone who exists now may have earned badges before achievements shipped: the achievements
-- module catches each of them up once, silently (see server/modules/achievements/README.md).
INSERT INTO "achievement_backfills" ("user_id") SELECT "id" FROM "users";