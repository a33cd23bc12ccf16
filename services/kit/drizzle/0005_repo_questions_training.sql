CREATE TABLE "el_book" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"in_wrong" boolean DEFAULT false NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"fav_mark" boolean DEFAULT false NOT NULL,
	"fav_note" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_qu" (
	"id" text PRIMARY KEY NOT NULL,
	"repo_id" text NOT NULL,
	"parent_id" text DEFAULT '' NOT NULL,
	"chapter_id" text DEFAULT '' NOT NULL,
	"qu_type" integer NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"ref_answer" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_qu_answer" (
	"id" text PRIMARY KEY NOT NULL,
	"qu_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_right" boolean DEFAULT false NOT NULL,
	"score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"answer" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_qu_report" (
	"id" text PRIMARY KEY NOT NULL,
	"qu_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"handle_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_repo_chapter" (
	"id" text PRIMARY KEY NOT NULL,
	"repo_id" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_repo_join" (
	"user_id" text NOT NULL,
	"repo_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_repo_join_user_id_repo_id_pk" PRIMARY KEY("user_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "el_train" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"repo_id" text NOT NULL,
	"train_mode" text NOT NULL,
	"qu_type" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"right_count" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_train_qu" (
	"train_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"sort" integer NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"is_right" boolean,
	"answer" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_train_qu_train_id_qu_id_pk" PRIMARY KEY("train_id","qu_id")
);
--> statement-breakpoint
ALTER TABLE "el_book" ADD CONSTRAINT "el_book_qu_id_el_qu_id_fk" FOREIGN KEY ("qu_id") REFERENCES "public"."el_qu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_qu" ADD CONSTRAINT "el_qu_repo_id_el_repo_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."el_repo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_qu_answer" ADD CONSTRAINT "el_qu_answer_qu_id_el_qu_id_fk" FOREIGN KEY ("qu_id") REFERENCES "public"."el_qu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_qu_report" ADD CONSTRAINT "el_qu_report_qu_id_el_qu_id_fk" FOREIGN KEY ("qu_id") REFERENCES "public"."el_qu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_repo_chapter" ADD CONSTRAINT "el_repo_chapter_repo_id_el_repo_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."el_repo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_repo_join" ADD CONSTRAINT "el_repo_join_repo_id_el_repo_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."el_repo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_train" ADD CONSTRAINT "el_train_repo_id_el_repo_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."el_repo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_train_qu" ADD CONSTRAINT "el_train_qu_train_id_el_train_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."el_train"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "el_train_qu" ADD CONSTRAINT "el_train_qu_qu_id_el_qu_id_fk" FOREIGN KEY ("qu_id") REFERENCES "public"."el_qu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "el_book_key" ON "el_book" USING btree ("user_id","ref_type","ref_id","qu_id");--> statement-breakpoint
CREATE INDEX "el_qu_repo" ON "el_qu" USING btree ("repo_id","parent_id");--> statement-breakpoint
CREATE INDEX "el_qu_parent" ON "el_qu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "el_qu_answer_qu" ON "el_qu_answer" USING btree ("qu_id");--> statement-breakpoint
CREATE INDEX "el_qu_report_state" ON "el_qu_report" USING btree ("state");--> statement-breakpoint
CREATE INDEX "el_repo_chapter_repo" ON "el_repo_chapter" USING btree ("repo_id");--> statement-breakpoint
CREATE INDEX "el_train_user" ON "el_train" USING btree ("user_id","repo_id","state");