CREATE TABLE "sys_config" (
	"id" text PRIMARY KEY NOT NULL,
	"site_name" text NOT NULL,
	"back_logo" text DEFAULT '' NOT NULL,
	"front_logo" text DEFAULT '' NOT NULL,
	"mp_code" text DEFAULT '' NOT NULL,
	"h5_host" text DEFAULT '' NOT NULL,
	"tmp_dir" text DEFAULT '/tmp/' NOT NULL,
	"copy_right" text DEFAULT '' NOT NULL,
	"upload_type" text DEFAULT 'local' NOT NULL,
	"props" jsonb NOT NULL,
	"switch_config" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_depart" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"dept_name" text NOT NULL,
	"dept_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_depart_dept_code_unique" UNIQUE("dept_code")
);
--> statement-breakpoint
CREATE TABLE "sys_dic" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "sys_dic_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_dic_value" (
	"id" text PRIMARY KEY NOT NULL,
	"dic_code" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"value" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"terminal" text DEFAULT 'admin' NOT NULL,
	"menu_type" integer NOT NULL,
	"meta_title" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"component" text DEFAULT '' NOT NULL,
	"redirect" text DEFAULT '' NOT NULL,
	"permission_tag" text DEFAULT '' NOT NULL,
	"meta_icon" text DEFAULT '' NOT NULL,
	"module" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"affix" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" text PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"role_type" integer NOT NULL,
	"role_level" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" text NOT NULL,
	"menu_id" text NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"real_name" text NOT NULL,
	"password" text NOT NULL,
	"dept_code" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"id_card" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"expire_time" timestamp with time zone,
	"points" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_user_name_unique" UNIQUE("user_name")
);
--> statement-breakpoint
CREATE TABLE "sys_user_msg" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"read_flag" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "el_course" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cat_id" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_exam" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"open_type" integer DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"total_time" integer NOT NULL,
	"total_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"qualify_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"chance" integer DEFAULT 0 NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_repo" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cat_id" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"qu_count" integer DEFAULT 0 NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_msg" ADD CONSTRAINT "sys_user_msg_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dic_value_uq" ON "sys_dic_value" USING btree ("dic_code","value");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_user_dept_idx" ON "sys_user" USING btree ("dept_code");--> statement-breakpoint
CREATE INDEX "sys_user_msg_user_idx" ON "sys_user_msg" USING btree ("user_id","read_flag");