CREATE TABLE "sys_user_points" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_real" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"real_name" text NOT NULL,
	"id_card" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"audit_msg" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_real_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "sys_user_points" ADD CONSTRAINT "sys_user_points_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_real" ADD CONSTRAINT "sys_user_real_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_user_points_user_idx" ON "sys_user_points" USING btree ("user_id","create_time");