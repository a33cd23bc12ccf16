CREATE TABLE "el_course_learn_day" (
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"learn_sec" integer DEFAULT 0 NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	CONSTRAINT "el_course_learn_day_course_id_user_id_day_pk" PRIMARY KEY("course_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "el_course_learn_day" ADD CONSTRAINT "el_course_learn_day_course_id_el_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."el_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "el_course_learn_day_day" ON "el_course_learn_day" USING btree ("day");