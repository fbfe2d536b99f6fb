CREATE TABLE "coach_client_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"scopes" text[] NOT NULL,
	"user_coach_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "coach_client_links_not_self" CHECK ("coach_client_links"."coach_id" <> "coach_client_links"."client_id"),
	CONSTRAINT "coach_client_links_scopes_check" CHECK (cardinality("coach_client_links"."scopes") between 1 and 4 and "coach_client_links"."scopes" <@ array['goals', 'tasks', 'reflections', 'analytics']::text[])
);
--> statement-breakpoint
CREATE TABLE "coach_client_notes" (
	"coach_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_client_notes_coach_id_client_id_pk" PRIMARY KEY("coach_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "coach_invite_codes" (
	"coach_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_invite_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "coach_user_id" uuid;--> statement-breakpoint
ALTER TABLE "user_coaches" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_client_links" ADD CONSTRAINT "coach_client_links_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_client_links" ADD CONSTRAINT "coach_client_links_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_client_links" ADD CONSTRAINT "coach_client_links_user_coach_id_user_coaches_id_fk" FOREIGN KEY ("user_coach_id") REFERENCES "public"."user_coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_client_notes" ADD CONSTRAINT "coach_client_notes_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_client_notes" ADD CONSTRAINT "coach_client_notes_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_invite_codes" ADD CONSTRAINT "coach_invite_codes_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_client_links_pair_idx" ON "coach_client_links" USING btree ("coach_id","client_id");--> statement-breakpoint
CREATE INDEX "coach_client_links_client_idx" ON "coach_client_links" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "user_coaches" ADD CONSTRAINT "user_coaches_coach_user_id_users_id_fk" FOREIGN KEY ("coach_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;