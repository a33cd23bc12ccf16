CREATE TABLE "el_exam_join" (
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_exam_join_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_exam_person" (
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "el_exam_person_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_exam_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"qu_type" integer DEFAULT 0 NOT NULL,
	"repo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"qu_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_exam_user" (
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"try_count" integer DEFAULT 0 NOT NULL,
	"max_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"passed" boolean DEFAULT false NOT NULL,
	"points_paid" boolean DEFAULT false NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_exam_user_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_paper" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qu_count" integer DEFAULT 0 NOT NULL,
	"total_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"qualify_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"limit_time" timestamp with time zone NOT NULL,
	"hand_time" timestamp with time zone,
	"obj_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"subj_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"user_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"passed" boolean DEFAULT false NOT NULL,
	"leave_times" integer DEFAULT 0 NOT NULL,
	"face_fails" integer DEFAULT 0 NOT NULL,
	"ex_state" integer DEFAULT 0 NOT NULL,
	"ex_msg" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_paper_capture" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"ok" boolean NOT NULL,
	"capture_count" integer DEFAULT 1 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_paper_qu" (
	"paper_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"qu_type" integer NOT NULL,
	"group_no" integer DEFAULT 0 NOT NULL,
	"sort" integer NOT NULL,
	"score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"opt_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"mark" boolean DEFAULT false NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"is_right" boolean,
	"actual_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"review" boolean DEFAULT false NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_paper_qu_paper_id_qu_id_pk" PRIMARY KEY("paper_id","qu_id")
);
--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "exam_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "dept_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "password" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "show_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "result_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "shuffle_qu" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "shuffle_opt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "partial_multiple" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "leave_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "leave_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "leave_sec" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "cam_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "cam_interval" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "face_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "face_chance" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "paste_block" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam_join" ADD CONSTRAINT "el_exam_join_exam_id_el_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."el_exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_exam_person" ADD CONSTRAINT "el_exam_person_exam_id_el_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."el_exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_exam_rule" ADD CONSTRAINT "el_exam_rule_exam_id_el_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."el_exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_exam_user" ADD CONSTRAINT "el_exam_user_exam_id_el_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."el_exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_paper" ADD CONSTRAINT "el_paper_exam_id_el_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."el_exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_paper_capture" ADD CONSTRAINT "el_paper_capture_paper_id_el_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."el_paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_paper_qu" ADD CONSTRAINT "el_paper_qu_paper_id_el_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."el_paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "el_exam_join_user" ON "el_exam_join" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "el_exam_person_user" ON "el_exam_person" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "el_exam_rule_exam" ON "el_exam_rule" USING btree ("exam_id","sort");--> statement-breakpoint
CREATE INDEX "el_exam_user_user" ON "el_exam_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "el_paper_open_one" ON "el_paper" USING btree ("exam_id","user_id") WHERE "el_paper"."state" = 0;--> statement-breakpoint
CREATE INDEX "el_paper_user" ON "el_paper" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "el_paper_due" ON "el_paper" USING btree ("limit_time") WHERE "el_paper"."state" = 0;--> statement-breakpoint
CREATE INDEX "el_paper_qu_sort" ON "el_paper_qu" USING btree ("paper_id","sort");