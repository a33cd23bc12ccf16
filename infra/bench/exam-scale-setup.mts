/**
 * Data of the scale benchmark (exam-scale.mts), written straight into PostgreSQL in a few set-based
 * statements so that 5,000 learners and 2,400 questions take seconds: learners with one precomputed
 * argon2id hash, four banks of mixed question types with options, and a 100-question exam over them.
 */
import type pg from 'pg';

export const BANKS = 4;
export const PER_BANK = 600;
export const EXAM_ID = 'scale-exam';
export const PASSWORD = 'Learner@2026';
/** 100 questions: [quType, count, score each]. Short answers (4) send the paper to review (state 1). */
export const RULES: [number, number, number][] = [
  [1, 40, 1],
  [2, 20, 2],
  [3, 20, 1],
  [5, 10, 2],
  [6, 5, 2],
  [4, 5, 2],
];

export const userId = (i: number) => `scale-u${i}`;

/** Learners scale-u0… with the student role, all with the same password hash. */
export async function insertLearners(db: pg.Client, n: number, passwordHash: string) {
  const {
    rows: [d],
  } = await db.query(`select coalesce(min(dept_code), '') code from sys_depart`);
  await db.query(
    `insert into sys_user (id, user_name, real_name, password, dept_code)
     select 'scale-u' || i, 'scale' || i, '考生' || i, $1, $2 from generate_series(0, $3::int - 1) i`,
    [passwordHash, d.code, n],
  );
  await db.query(
    `insert into sys_user_role (user_id, role_id) select 'scale-u' || i, 'student' from generate_series(0, $1::int - 1) i`,
    [n],
  );
}

// Type of question i of a bank: 8/20 single, 4/20 multiple, 3/20 judge, 2/20 fill-in, 1/20 matching, 2/20 short answer.
const TYPE_OF = `case when i % 20 < 8 then 1 when i % 20 < 12 then 2 when i % 20 < 15 then 3 when i % 20 < 17 then 5 when i % 20 < 18 then 6 else 4 end`;

/** Banks of realistic size: content of a few hundred characters, options, analysis, reference answers. */
export async function insertBanks(db: pg.Client) {
  await db.query(
    `insert into el_repo (id, title, qu_count) select 'scale-r' || b, '规模测试题库' || b, $1 from generate_series(1, $2::int) b`,
    [PER_BANK, BANKS],
  );
  await db.query(
    `insert into el_qu (id, repo_id, qu_type, level, content, content_text, analysis, ref_answer, keywords, sort)
     select 'scale-q' || b || '-' || i, 'scale-r' || b, t, 1 + i % 2,
       '<p>第' || i || '题：' || repeat('在生产作业现场，关于安全操作规程与个人防护的说法，', 4) || '下列选项中符合要求的是？</p>',
       '第' || i || '题：' || repeat('在生产作业现场，关于安全操作规程与个人防护的说法，', 4),
       '<p>' || repeat('本题考查安全生产的基本要求，作业前应检查设备并佩戴防护用品。', 3) || '</p>',
       case when t = 4 then '<p>作业前检查设备，佩戴防护用品，按规程操作。</p>' else '' end,
       case when t = 4 then '检查||防护||规程' else '' end, i
     from generate_series(1, $1::int) b, generate_series(1, $2::int) i, lateral (select ${TYPE_OF} t) x`,
    [BANKS, PER_BANK],
  );
  // Choices (single 4, multiple 4 with two right, judge 2), fill-in blanks (2), matching pairs (3).
  await db.query(
    `insert into el_qu_answer (id, qu_id, sort, content, is_right, answer)
     select q.id || '-o' || k, q.id, k,
       case when q.qu_type = 3 then (case k when 1 then '正确' else '错误' end)
            when q.qu_type = 5 then ''
            when q.qu_type = 6 then '左侧条目' || k || '：劳动防护用品的种类'
            else '选项' || k || '：' || repeat('按照规定佩戴安全帽并系好下颏带', 1 + k % 2) end,
       case when q.qu_type = 1 then k = 1 + q.sort % 4 when q.qu_type = 2 then k in (1, 3) when q.qu_type = 3 then k = 1 + q.sort % 2 else false end,
       case when q.qu_type = 5 then '答案' || k || '||答' || k when q.qu_type = 6 then '右侧条目' || k else '' end
     from el_qu q, generate_series(1, 4) k
     where q.id like 'scale-q%' and k <= case q.qu_type when 1 then 4 when 2 then 4 when 3 then 2 when 5 then 2 when 6 then 3 else 0 end`,
  );
}

/** The exam: open to everyone, running now for two hours, 120 minutes, book on, random rules over all banks. */
export async function insertExam(db: pg.Client) {
  const total = RULES.reduce((s, [, n, sc]) => s + n * sc, 0);
  await db.query(
    `insert into el_exam (id, title, open_type, start_time, end_time, total_time, total_score, qualify_score, show_book, result_type)
     values ($1, '规模测试考试（100题）', 1, now() - interval '1 hour', now() + interval '3 hours', 120, $2, $3, true, 0)`,
    [EXAM_ID, total, Math.round(total * 0.6)],
  );
  const repoIds = JSON.stringify(Array.from({ length: BANKS }, (_, b) => `scale-r${b + 1}`));
  for (const [k, [quType, count, score]] of RULES.entries()) {
    await db.query(
      `insert into el_exam_rule (id, exam_id, sort, title, qu_type, repo_ids, count, score) values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
      [`scale-rule${k}`, EXAM_ID, k, `第${k + 1}部分`, quType, repoIds, count, score],
    );
  }
}
