CREATE TABLE "sys_user_bind" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"login_type" text NOT NULL,
	"open_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_group" (
	"id" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_group_user" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user_bind" ADD CONSTRAINT "sys_user_bind_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_group_user" ADD CONSTRAINT "sys_group_user_group_id_sys_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sys_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_group_user" ADD CONSTRAINT "sys_group_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_bind_user_type_uq" ON "sys_user_bind" USING btree ("user_id","login_type");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_bind_open_uq" ON "sys_user_bind" USING btree ("login_type","open_id");--> statement-breakpoint
CREATE INDEX "sys_user_bind_user_idx" ON "sys_user_bind" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_group_user_uq" ON "sys_group_user" USING btree ("group_id","user_id");