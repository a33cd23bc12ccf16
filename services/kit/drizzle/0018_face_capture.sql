CREATE TABLE "el_course_face" (
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"pass_count" integer DEFAULT 0 NOT NULL,
	"total_fails" integer DEFAULT 0 NOT NULL,
	"last_pass" timestamp with time zone,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_course_face_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "face_capture" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"ref_id" text NOT NULL,
	"sub_id" text DEFAULT '' NOT NULL,
	"storage" text DEFAULT '' NOT NULL,
	"image_key" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"score" real,
	"fail_msg" text DEFAULT '' NOT NULL,
	"check_time" timestamp with time zone,
	"used_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "face_capture_ref" ON "face_capture" USING btree ("kind","ref_id","user_id","create_time");--> statement-breakpoint
CREATE INDEX "face_capture_sub" ON "face_capture" USING btree ("sub_id");--> statement-breakpoint
CREATE INDEX "face_capture_time" ON "face_capture" USING btree ("create_time");