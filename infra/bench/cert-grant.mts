/**
 * Certificates at scale (issue 38; a script, not a test). Starts the distributed mode as start-distributed.mjs runs
 * it (durable PostgreSQL, Redis, two replicas of every service behind the nginx gateway) on ports of its own. Setup,
 * in SQL: N learners who passed one exam — a 10-question exam and N papers answered right and handed in (阅卷中),
 * not yet graded — and the demo certificate template with a rule for that exam. Then, in one run:
 *   pgbench  single-row upsert TPS on the same PostgreSQL and durability (the database's own baseline);
 *   grants   every paper's grading job queued at once, as a hand-in cliff leaves them: the exam replicas grade in
 *            batches and each batch queues its passed papers' certificate events; polled every 100 ms until every
 *            paper is graded, every learner's certificate is stored (target: ≤ 60 s after the last paper is
 *            graded) and every PDF is stored;
 *   render   one certificate PDF, p50/p99: drawn in this process (pdf-lib, the CJK subset, the QR code) and
 *            re-issued over HTTP (render, storage, database), against a trivial authenticated call
 *            (/api/sys/user/info) over the same client in the same loop;
 * then the integrity check: one certificate per learner, numbers 1…N without a gap or a repeat, one message each.
 *
 *   flock /tmp/heavy.lock node --import tsx infra/bench/cert-grant.mts [--n 5000] [--port 59500] [--renders 100] [--keep]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CERT_EVENT_QUEUES, CertGrantCalls } from '@exam/contracts';
import { cjkGlyphs, hashPassword } from '@exam/server-kit';
import { Pool } from 'undici';
import { renderCertPdf } from '../../services/cert/src/render/cert-pdf';
import { DEMO_ELEMENTS } from '../../services/cert/src/seed/seed';
import { pct } from './bench-server.mts';
import { benchReport, benchSessions, pgbenchUpsert, secs, startBenchTopology, wait } from './distributed.mts';
import { insertLearners, PASSWORD } from './exam-scale-setup.mts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '5000' },
    port: { type: 'string', default: '59500' },
    renders: { type: 'string', default: '100' },
    keep: { type: 'boolean', default: false },
  },
});
const N = Number(args.n);
const PORT = Number(args.port);
const RENDERS = Number(args.renders);
const DIR = `/tmp/bench-cert-${PORT}`;
const EXAM = 'cert-bench-exam';
const RULE = 'cert-bench-rule';
const QUS = 10;
const t0 = performance.now();

// One data directory for every replica: the local storage the PDFs go to.
const { topo, services, db, upSec } = await startBenchTopology(PORT, DIR, {
  DEMO_DATA: '0',
  REDIS_PREFIX: 'certb:',
  LOG_LEVEL: 'warn',
  DATA_DIR: `${DIR}/data`,
});
let pool: Pool | undefined;
const report = benchReport();
const say = report.say;
try {
  // ---- setup: learners, the exam and its questions, the papers handed in, the template and rule, an admin
  const ts = performance.now();
  await insertLearners(db, N, await hashPassword(PASSWORD));
  await db.query(`insert into el_repo (id, title, qu_count) values ('cert-bench-r', '证书压测题库', $1)`, [QUS]);
  await db.query(
    `insert into el_qu (id, repo_id, qu_type, level, content, content_text, sort)
     select 'cert-bench-q' || i, 'cert-bench-r', 1, 1, '<p>第' || i || '题：安全帽的正确佩戴方式是？</p>', '第' || i || '题', i
     from generate_series(1, $1::int) i`,
    [QUS],
  );
  await db.query(
    `insert into el_qu_answer (id, qu_id, sort, content, is_right)
     select q.id || '-o' || k, q.id, k, '选项' || k, k = 1 from el_qu q, generate_series(1, 4) k where q.repo_id = 'cert-bench-r'`,
  );
  await db.query(
    `insert into el_exam (id, title, open_type, start_time, end_time, total_time, total_score, qualify_score, result_type)
     values ($1, '安全生产资格考试', 1, now() - interval '2 hours', now() + interval '2 hours', 60, $2, $3, 0)`,
    [EXAM, QUS * 10, QUS * 6],
  );
  // Every paper handed in a minute ago with every answer right (the right option is -o1): all pass.
  await db.query(
    `insert into el_paper (id, exam_id, user_id, state, groups, qus, qu_count, total_score, qualify_score, start_time, limit_time, hand_time)
     select 'cert-bench-p' || i, $1, 'scale-u' || i, 4, '[{"title":"单选题","quType":1,"perScore":10}]'::jsonb,
       (select json_agg(json_build_object('quId', 'cert-bench-q' || k, 'quType', 1, 'groupNo', 0, 'score', 10, 'optOrder', '{}'::json, 'ver', 0) order by k)
        from generate_series(1, $2::int) k)::text,
       $2, $3, $4, now() - interval '30 minutes', now() + interval '30 minutes', now() - interval '1 minute'
     from generate_series(0, $5::int - 1) i`,
    [EXAM, QUS, QUS * 10, QUS * 6, N],
  );
  await db.query(
    `insert into el_paper_answer (paper_id, qu_id, answer, answered)
     select 'cert-bench-p' || i, 'cert-bench-q' || k, '{"answers":["cert-bench-q' || k || '-o1"]}', true
     from generate_series(0, $1::int - 1) i, generate_series(1, $2::int) k`,
    [N, QUS],
  );
  await db.query(
    `insert into el_exam_user (exam_id, user_id, try_count) select $1, 'scale-u' || i, 1 from generate_series(0, $2::int - 1) i`,
    [EXAM, N],
  );
  await db.query(
    `insert into cert_tmpl (id, name, page_size, orientation, elements) values ('cert-bench-t', '培训证书（A4 横向）', 'A4', 'landscape', $1::jsonb)`,
    [JSON.stringify(DEMO_ELEMENTS)],
  );
  await db.query(
    `insert into cert_rule (id, tmpl_id, title, source_type, source_id, valid_months, num_prefix)
     values ($1, 'cert-bench-t', '安全生产资格证书', 'exam', $2, 24, 'AQ')`,
    [RULE, EXAM],
  );
  // An administrator (the seeded super admin role holds the certificate tags) with the module switched on.
  await db.query(
    `insert into sys_user (id, user_name, real_name, password) values ('cert-bench-admin', 'certbench', '证书管理员', 'x')`,
  );
  await db.query(`insert into sys_user_role (user_id, role_id) values ('cert-bench-admin', 'sa')`);
  await db.query(`update sys_config set props = props || '{"moduleCert": true}'::jsonb`);
  const [admin] = await benchSessions(topo.env, 'certb:', 86400, ['cert-bench-admin']);
  pool = new Pool(topo.gateway, { connections: 4, pipelining: 1, keepAliveTimeout: 60_000 });
  const setupSec = (performance.now() - ts) / 1000;
  say(`cert-grant: N=${N} learners who passed one exam; services ${services.map((s) => s.name).join(', ')}`);
  say(
    `topology up in ${upSec.toFixed(1)} s; setup (learners, exam, ${N} handed-in papers, rule) ${setupSec.toFixed(1)} s`,
  );

  // ---- pgbench: one-row upsert, same PostgreSQL, same durability
  const pgb = await pgbenchUpsert(db, PORT, DIR, 16);
  say(
    `pgbench single-row upsert: ${pgb.tps.toFixed(0)} TPS (16 clients, 10 s; ${pgb.durability}): ${N} upserts ≈ ${pgb.tps ? (N / pgb.tps).toFixed(2) : '?'} s${pgb.failure}`,
  );

  // ---- grants: every grading job queued at once; poll until graded, granted and rendered
  {
    const start = performance.now();
    await db.query(
      `insert into sys_job (id, queue, payload, max_attempts)
       select 'cert-bench-j' || i, 'exam.grade', jsonb_build_object('paperId', 'cert-bench-p' || i), 5 from generate_series(0, $1::int - 1) i`,
      [N],
    );
    let gradedAt = 0;
    let grantedAt = 0;
    let renderedAt = 0;
    let last = { graded: 0, granted: 0, rendered: 0 };
    const deadline = start + 15 * 60_000;
    while (!renderedAt && performance.now() < deadline) {
      const {
        rows: [c],
      } = await db.query(
        `select (select count(*) from el_paper where exam_id = $1 and state = 2)::int graded,
                (select count(*) from cert_grant where rule_id = $2)::int granted,
                (select count(*) from cert_grant where rule_id = $2 and pdf_key <> '')::int rendered`,
        [EXAM, RULE],
      );
      const at = performance.now() - start;
      if (!gradedAt && c.graded >= N) gradedAt = at;
      if (!grantedAt && c.granted >= N) grantedAt = at;
      if (!renderedAt && c.rendered >= N) renderedAt = at;
      last = c;
      await wait(100);
    }
    say(`\ngrants: ${N} grading jobs queued at once (the exam replicas grade in batches of 50)`);
    say(
      `  all papers graded after ${gradedAt ? secs(gradedAt) : `> 900 (${last.graded})`} s; all certificates stored after ${grantedAt ? secs(grantedAt) : `> 900 (${last.granted})`} s = ${gradedAt && grantedAt ? secs(grantedAt - gradedAt) : '?'} s after the last paper was graded   [target ≤ 60 s]`,
    );
    say(
      `  all PDFs stored after ${renderedAt ? secs(renderedAt) : `> 900 (${last.rendered} of ${N})`} s (${renderedAt ? (renderedAt / N).toFixed(1) : '?'} ms per certificate, two replicas each rendering one at a time)`,
    );
  }

  // ---- render: one PDF in this process and as a re-issue over HTTP, against a trivial call
  {
    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `p50 ${pct(s, 50).toFixed(1)} ms, p99 ${pct(s, 99).toFixed(1)} ms (${s.length})`;
    };
    const post = async (path: string, body: unknown) => {
      const s = performance.now();
      const res = await pool!.request({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', token: admin },
        body: JSON.stringify(body),
      });
      const json = (await res.body.json()) as { code: number; msg: string };
      if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
      return performance.now() - s;
    };
    const glyphs = await cjkGlyphs();
    if (!glyphs) throw new Error('no CJK font: the server cannot render certificates either');
    const local: number[] = [];
    for (let i = 0; i < RENDERS + 5; i++) {
      const s = performance.now();
      await renderCertPdf(
        { pageSize: 'A4', orientation: 'landscape', background: null, elements: DEMO_ELEMENTS, images: new Map() },
        {
          realName: `考生${i}`,
          number: `AQ2026${String(i).padStart(6, '0')}`,
          title: '安全生产资格证书',
          sourceTitle: '安全生产资格考试',
          score: '100',
          grantDate: '2026年11月27日',
          expireDate: '2028年11月27日',
          department: '技术部',
          verifyUrl: `https://exam.example.com/pages/cert/verify/${String(i).padStart(26, '0')}`,
        },
        glyphs,
      );
      if (i >= 5) local.push(performance.now() - s); // the first few warm up pdf-lib and the glyph cache
    }
    const { rows: ids } = await db.query(`select id from cert_grant where rule_id = $1 order by random() limit $2`, [
      RULE,
      RENDERS,
    ]);
    const base: number[] = [];
    const reissue: number[] = [];
    for (let i = 0; i < 10; i++) await post('/api/sys/user/info', {}); // warm-up
    for (const { id } of ids) {
      base.push(await post('/api/sys/user/info', {}));
      reissue.push(await post(CertGrantCalls.reissue.url, { id }));
    }
    say(`\nrender: one certificate PDF (the demo template: A4 landscape, 9 text elements, the QR code)`);
    say(`  in this process (pdf-lib, CJK subset, QR code): ${stats(local)}`);
    say(`  re-issue over HTTP (render, storage, database):  ${stats(reissue)}`);
    say(`  baseline /api/sys/user/info, same client, same loop: ${stats(base)}`);
  }

  // ---- integrity: one certificate per learner, numbers without gaps or repeats, one message each, events done
  {
    const {
      rows: [c],
    } = await db.query(
      `select count(*)::int grants, count(distinct user_id)::int learners, count(distinct number)::int numbers,
         (select seq from cert_rule where id = $1) seq,
         (select count(*) from sys_user_msg where title = '证书发放通知' and user_id like 'scale-u%')::int messages,
         (select count(*) from sys_job where queue = $2)::int events,
         (select count(*) from sys_job where queue = $2 and state <> 'done')::int open_events
       from cert_grant where rule_id = $1`,
      [RULE, CERT_EVENT_QUEUES.PAPER_PASSED],
    );
    const ok = c.grants === N && c.learners === N && c.numbers === N && c.seq === N && c.messages === N;
    say(
      `\nintegrity: ${c.grants} certificates for ${c.learners} learners, ${c.numbers} distinct numbers (rule sequence ${c.seq}), ${c.messages} messages; ${c.events} paper-passed events (${c.open_events} not done): ${ok ? 'one certificate per learner' : 'PROBLEM'}`,
    );
    if (!ok) process.exitCode = 1;
  }
  say(`wall time ${secs(performance.now() - t0)} s`);
  report.save(`${DIR}.txt`);
  await db.end();
} finally {
  await pool?.close().catch(() => {});
  if (!args.keep) await topo.stop();
}
process.exit(process.exitCode ?? 0);
