CREATE TABLE "el_course_file" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"file_type" integer NOT NULL,
	"cat_id" text DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"state_msg" text DEFAULT '' NOT NULL,
	"src_key" text DEFAULT '' NOT NULL,
	"media_kind" text DEFAULT '' NOT NULL,
	"media_key" text DEFAULT '' NOT NULL,
	"live_stream" text DEFAULT '' NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_hls_key" (
	"file_id" text PRIMARY KEY NOT NULL,
	"key_hex" text NOT NULL,
	"iv_hex" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_learner" (
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"has_join" boolean DEFAULT false NOT NULL,
	"learn_file" integer DEFAULT 0 NOT NULL,
	"total_file" integer DEFAULT 0 NOT NULL,
	"learn_sec" integer DEFAULT 0 NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"finish_time" timestamp with time zone,
	"latest_file_id" text DEFAULT '' NOT NULL,
	"latest_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_course_learner_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_course_person" (
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "el_course_person_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_course_progress" (
	"user_id" text NOT NULL,
	"file_id" text NOT NULL,
	"covered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"covered_sec" integer DEFAULT 0 NOT NULL,
	"furthest" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"learn_sec" integer DEFAULT 0 NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"page_since" timestamp with time zone,
	"last_report" timestamp with time zone,
	"finished" boolean DEFAULT false NOT NULL,
	"finish_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_course_progress_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "el_course_qa" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"file_id" text DEFAULT '' NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_qa_reply" (
	"id" text PRIMARY KEY NOT NULL,
	"qa_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_ref" (
	"course_id" text NOT NULL,
	"file_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"chapter" text DEFAULT '' NOT NULL,
	CONSTRAINT "el_course_ref_course_id_file_id_pk" PRIMARY KEY("course_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "sys_job" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text DEFAULT '' NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "cost_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "open_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "dept_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "password" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "video_drag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "check_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "check_sec" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "face_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "face_interval" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "face_chance" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "finish_rate" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "el_course_hls_key" ADD CONSTRAINT "el_course_hls_key_file_id_el_course_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."el_course_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_learner" ADD CONSTRAINT "el_course_learner_course_id_el_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."el_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_person" ADD CONSTRAINT "el_course_person_course_id_el_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."el_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_progress" ADD CONSTRAINT "el_course_progress_file_id_el_course_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."el_course_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_qa" ADD CONSTRAINT "el_course_qa_course_id_el_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."el_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_qa_reply" ADD CONSTRAINT "el_course_qa_reply_qa_id_el_course_qa_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."el_course_qa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_ref" ADD CONSTRAINT "el_course_ref_course_id_el_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."el_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_course_ref" ADD CONSTRAINT "el_course_ref_file_id_el_course_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."el_course_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "el_course_file_type" ON "el_course_file" USING btree ("file_type","state");--> statement-breakpoint
CREATE INDEX "el_course_learner_user" ON "el_course_learner" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "el_course_learner_finish" ON "el_course_learner" USING btree ("course_id","finish_time");--> statement-breakpoint
CREATE INDEX "el_course_person_user" ON "el_course_person" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "el_course_progress_file" ON "el_course_progress" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "el_course_qa_course" ON "el_course_qa" USING btree ("course_id","create_time");--> statement-breakpoint
CREATE INDEX "el_course_qa_reply_qa" ON "el_course_qa_reply" USING btree ("qa_id","create_time");--> statement-breakpoint
CREATE INDEX "el_course_ref_file" ON "el_course_ref" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "sys_job_ready" ON "sys_job" USING btree ("queue","state","run_at");