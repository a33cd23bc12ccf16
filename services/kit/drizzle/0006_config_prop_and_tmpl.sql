CREATE TABLE "notify_tmpl" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config_prop" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"data" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_config_prop_uq" ON "sys_config_prop" USING btree ("type","provider");--> statement-breakpoint
CREATE INDEX "sys_config_prop_current_idx" ON "sys_config_prop" USING btree ("type","current");