DROP TABLE "el_paper_qu" CASCADE;
--> statement-breakpoint
-- Every question of every paper as the table el_paper_qu had it, for the readers that are not on an exam's hot
-- path (review, results, exports, statistics, the wrong-answer book's checks): the layout of el_paper.qus with
-- the question's answer row where there is one. A question without a row was never saved; after grading (state
-- 1 待阅卷 or 2 已考完) it is wrong, scored 0, not for review: grading writes a row wherever that is not so.
CREATE VIEW "el_paper_qu" AS
SELECT p.id AS paper_id, l."quId" AS qu_id, l."quType" AS qu_type, l."groupNo" AS group_no, (l.ord - 1)::int AS sort,
  l.score::numeric(10, 2) AS score, coalesce(l."optOrder", '{}'::jsonb) AS opt_order,
  coalesce(a.answer, '') AS answer, coalesce(a.answered, false) AS answered, coalesce(a.mark, false) AS mark,
  coalesce(a.seq, 0::bigint) AS seq,
  CASE WHEN a.paper_id IS NOT NULL THEN a.is_right WHEN p.state IN (1, 2) THEN false END AS is_right,
  coalesce(a.actual_score, 0::numeric(10, 2)) AS actual_score, coalesce(a.review, false) AS review,
  coalesce(a.result, CASE WHEN p.state IN (1, 2) THEN '{}' ELSE '' END) AS result,
  coalesce(a.update_time, p.create_time) AS update_time
FROM "el_paper" p
CROSS JOIN LATERAL ROWS FROM (
  jsonb_to_recordset(p.qus::jsonb) AS ("quId" text, "quType" int, "groupNo" int, score numeric, "optOrder" jsonb)
) WITH ORDINALITY AS l("quId", "quType", "groupNo", score, "optOrder", ord)
LEFT JOIN "el_paper_answer" a ON a.paper_id = p.id AND a.qu_id = l."quId";
