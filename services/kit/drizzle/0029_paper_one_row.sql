CREATE TABLE "el_paper_answer" (
	"paper_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"mark" boolean DEFAULT false NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"is_right" boolean,
	"actual_score" numeric(10, 2) DEFAULT 0 NOT NULL,
	"review" boolean DEFAULT false NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_paper_answer_paper_id_qu_id_pk" PRIMARY KEY("paper_id","qu_id")
);
--> statement-breakpoint
ALTER TABLE "el_paper" ADD COLUMN "qus" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Saves rewrite an answer row many times during an exam: room on each page keeps the new version there (HOT).
ALTER TABLE "el_paper_answer" SET (fillfactor = 70);
--> statement-breakpoint
-- Papers already in the database (open ones included) take the new model: the layout from their question rows,
-- every row kept as an answer row (the next migration replaces the table by a view over the two).
UPDATE "el_paper" SET "qus" = coalesce((
  SELECT json_agg(json_build_object('quId', q.qu_id, 'quType', q.qu_type, 'groupNo', q.group_no, 'score', q.score,
    'optOrder', q.opt_order, 'ver', coalesce(floor(extract(epoch from u.update_time) * 1000), 0)::bigint) ORDER BY q.sort)::text
  FROM "el_paper_qu" q LEFT JOIN "el_qu" u ON u.id = q.qu_id WHERE q.paper_id = "el_paper".id), '[]');
--> statement-breakpoint
INSERT INTO "el_paper_answer" (paper_id, qu_id, answer, answered, mark, seq, is_right, actual_score, review, result, update_time)
SELECT paper_id, qu_id, answer, answered, mark, seq, is_right, actual_score, review, result, update_time FROM "el_paper_qu";
