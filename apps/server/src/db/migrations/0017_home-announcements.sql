CREATE TABLE "home_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" varchar(200) NOT NULL,
	"link_url" varchar(300) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_announcements_window_ck" CHECK ("home_announcements"."starts_at" is null or "home_announcements"."ends_at" is null or "home_announcements"."starts_at" < "home_announcements"."ends_at")
);
--> statement-breakpoint
CREATE INDEX "home_announcements_active_idx" ON "home_announcements" USING btree ("active","id");