CREATE TABLE "el_exam_apply" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"apply_msg" text NOT NULL,
	"apply_time" timestamp with time zone DEFAULT now() NOT NULL,
	"audit_state" integer DEFAULT 0 NOT NULL,
	"audit_by" text DEFAULT '' NOT NULL,
	"audit_msg" text DEFAULT '' NOT NULL,
	"audit_time" timestamp with time zone,
	"audit_used" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_paper_review" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"review_by" text DEFAULT '' NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "el_exam_apply" ADD CONSTRAINT "el_exam_apply_exam_id_el_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."el_exam"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_paper_review" ADD CONSTRAINT "el_paper_review_paper_id_el_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."el_paper"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "el_exam_apply_exam" ON "el_exam_apply" USING btree ("exam_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "el_exam_apply_pending_one" ON "el_exam_apply" USING btree ("exam_id","user_id") WHERE "el_exam_apply"."audit_state" = 0;