import {
  type BodyOf,
  CERT_EVENT_QUEUES,
  type CertGrantCalls,
  type CertGrantParams,
  type CertGrantRow,
  type CertMineCalls,
  type CertMineRow,
  CertSource,
  CertState,
  CERT_STATES,
} from '@exam/contracts';
import {
  badRequest,
  type Db,
  escapeHtml,
  fmtTime,
  type JobQueue,
  moduleOn,
  newId,
  notFound,
  pageQuery,
  parseTime,
  sendUserMessages,
} from '@exam/server-kit';
import { type BadgeGrant, openBadgeCredential, signCredential, verifyUrl } from '../badge/credential';
import { siteName } from '../badge/issuer-repository';
import type { KeyService } from '../badge/key-service';
import type { CertFiles, StoredFile } from '../files/cert-files';
import { type RuleRow, ruleRepository } from '../rule/rule-repository';
import { certNumber, newCertCode } from './codes';
import { grantRenderer } from './grant-render';
import { type GrantFilter, type GrantRow, grantRepository, type Holder } from './grant-repository';
import { grantsXlsx } from './grant-xlsx';

/** The job queues of the certificate service: events of other services (named in the contracts), and PDF rendering. */
export const CERT_QUEUES = { ...CERT_EVENT_QUEUES, RENDER: 'cert.render' } as const;

/** The site switch of the module (证书管理 in the switch config). */
export const CERT_MODULE = 'moduleCert';

type EventSource = typeof CertSource.EXAM | typeof CertSource.COURSE;
/** Where a skipped event is recorded (the server's log; the tests listen). */
export type CertLog = (fields: Record<string, unknown>, msg: string) => void;

const MAX_EXPORT_ROWS = 10_000;

/** valid, revoked, or expired (a valid grant past its expiry). */
export const stateOf = (g: Pick<GrantRow, 'state' | 'expireTime'>, now = Date.now()) =>
  g.state === CertState.REVOKED
    ? CertState.REVOKED
    : g.expireTime && g.expireTime.getTime() <= now
      ? CertState.EXPIRED
      : CertState.VALID;

const toBadge = (g: GrantRow): BadgeGrant => ({
  code: g.code,
  ruleId: g.ruleId,
  userId: g.userId,
  realName: g.realName,
  title: g.title,
  sourceType: g.sourceType,
  sourceTitle: g.sourceTitle,
  grantTime: g.grantTime,
  expireTime: g.expireTime,
});

function filterOf(p: CertGrantParams | undefined): GrantFilter {
  const time = (s: string | undefined) => {
    if (!s?.trim()) return undefined;
    try {
      return parseTime(s.trim());
    } catch {
      throw badRequest('时间格式不正确！');
    }
  };
  if (p?.state && !(CERT_STATES as readonly string[]).includes(p.state))
    throw badRequest('证书状态只能是有效、已撤销或已过期！');
  return {
    realName: p?.realName?.trim() || undefined,
    userId: p?.userId || undefined,
    userName: p?.userName?.trim() || undefined,
    source: p?.source?.trim() || undefined,
    ruleId: p?.ruleId || undefined,
    state: (p?.state || undefined) as GrantFilter['state'],
    start: time(p?.startTime),
    end: time(p?.endTime),
  };
}

/** The holder's in-site message about a new certificate (it names only the menu in quotes: the title is theirs). */
export const grantMessage = (userId: string, title: string) => ({
  userId,
  title: '证书发放通知',
  content: `<p>恭喜您获得证书：${escapeHtml(title)}。可在个人中心的“我的证书”中查看、下载和验证。</p>`,
});

/**
 * Granting, rendering and handing out certificates: each learner gets a rule's certificate once; its PDF is rendered
 * after the grant (a job) and again when its template changed; a learner reaches only their own.
 */
export function grantService({
  db,
  files,
  jobs,
  keys,
  origin,
  log = () => {},
}: {
  db: Db;
  files: CertFiles;
  jobs: JobQueue;
  keys: KeyService;
  origin: string;
  log?: CertLog;
}) {
  const repo = grantRepository(db);
  const rules = ruleRepository(db);
  const render = grantRenderer({ files, origin });

  const toRow = (g: GrantRow, userName: string): CertGrantRow => ({
    id: g.id,
    code: g.code,
    number: g.number,
    ruleId: g.ruleId,
    title: g.title,
    userId: g.userId,
    userName,
    realName: g.realName,
    deptName: g.deptName,
    sourceType: g.sourceType,
    sourceId: g.sourceId,
    sourceTitle: g.sourceTitle,
    score: g.score,
    grantTime: fmtTime(g.grantTime),
    expireTime: fmtTime(g.expireTime),
    state: stateOf(g),
    revokeReason: g.revokeReason,
    revokeTime: fmtTime(g.revokeTime),
  });
  const toMine = (g: GrantRow): CertMineRow => ({
    id: g.id,
    code: g.code,
    number: g.number,
    title: g.title,
    sourceType: g.sourceType,
    sourceTitle: g.sourceTitle,
    score: g.score,
    grantTime: fmtTime(g.grantTime),
    expireTime: fmtTime(g.expireTime),
    state: stateOf(g),
    revokeTime: fmtTime(g.revokeTime),
    verifyUrl: verifyUrl(origin, g.code),
  });

  /**
   * The rule's certificate for the holder, exactly once; a new grant queues its PDF and tells the holder in 站内信息
   * in the same transaction (an exception to table ownership, docs/conventions.md).
   */
  const grantOnce = (rule: RuleRow, holder: Holder, sourceTitle: string, score: number | null) =>
    repo.grantOnce(
      {
        id: newId(),
        code: newCertCode(),
        ruleId: rule.id,
        tmplId: rule.tmplId,
        userId: holder.id,
        realName: holder.realName,
        deptName: holder.deptName,
        title: rule.title,
        sourceType: rule.sourceType,
        sourceId: rule.sourceId,
        sourceTitle,
        score,
      },
      rule.validMonths,
      (seq, at) => certNumber(rule, seq, fmtTime(at).slice(0, 4)),
      async (tx, id) => {
        await jobs.enqueue(tx, CERT_QUEUES.RENDER, { grantId: id });
        await sendUserMessages(tx, [grantMessage(holder.id, rule.title)]);
      },
    );

  /** The grant's stored PDF, rendered now when it has none, its template changed since, or `force`. */
  async function ensurePdf(id: string, force = false): Promise<{ grant: GrantRow; file: StoredFile }> {
    const r = await repo.withTmpl(id);
    if (!r) throw notFound('证书不存在！');
    const { grant: g, tmpl } = r;
    if (!force && g.pdfKey && g.renderTime && g.renderTime >= tmpl.updateTime)
      return { grant: g, file: { storage: g.pdfStorage, key: g.pdfKey } };
    const file = await files.putPdf(await render(g, tmpl));
    if (!(await repo.setPdf(id, file, g.pdfKey))) {
      await files.remove(file); // another render stored one first: that one stands
      return ensurePdf(id);
    }
    if (g.pdfKey) await files.remove({ storage: g.pdfStorage, key: g.pdfKey });
    return { grant: g, file };
  }

  async function pdfOf(g: GrantRow) {
    let { file } = await ensurePdf(g.id);
    let bytes = await files.readPdf(file);
    // The stored file is gone (storage emptied or switched): render it again.
    if (!bytes) bytes = await files.readPdf((file = (await ensurePdf(g.id, true)).file));
    if (!bytes) throw notFound('证书文件不存在！');
    return { bytes, fileName: `${g.title}-${g.realName}-${g.number}.pdf` };
  }

  /** A learner's own grant, else 404 (another learner's id says nothing about it). */
  async function own(id: string, userId: string) {
    const g = await repo.byId(id);
    if (!g || g.userId !== userId) throw notFound('证书不存在！');
    return g;
  }

  /** The source's enabled rule grants its certificate to the event's learner, once; null when there is none to grant. */
  async function grantFor(sourceType: EventSource, payload: Record<string, unknown>) {
    const { userId, sourceId, score } = payload;
    if (typeof userId !== 'string' || typeof sourceId !== 'string') return null; // not an event of ours: nothing to grant
    const rule = await rules.enabledFor(sourceType, sourceId);
    const [holder] = rule ? await repo.holders([userId]) : [];
    if (!rule || !holder) return null;
    const title = (await rules.sourceTitleOf(sourceType, sourceId)) ?? '';
    return grantOnce(rule, holder, title, typeof score === 'number' && Number.isFinite(score) ? score : null);
  }

  const skip = (sourceType: EventSource, { userId, sourceId }: Record<string, unknown>) =>
    log({ sourceType, userId, sourceId }, 'certificate event skipped: 证书管理 (moduleCert) is off');

  return {
    grantOnce,
    ensurePdf,

    /** A passed paper or a finished course (one event): see `onEvents`. */
    async onEvent(sourceType: EventSource, payload: Record<string, unknown>) {
      if (await moduleOn(db, CERT_MODULE)) return grantFor(sourceType, payload);
      skip(sourceType, payload);
      return null;
    },

    /**
     * Events of one queue as claimed together (the switch is read once): the source's enabled rule grants its
     * certificate to each learner, once. While 证书管理 is off they are consumed and logged as skipped: no certificate,
     * no message, and switching it on later does not grant them (the admin may grant by the rule by hand). Gives back
     * the error of each event that failed (retried by the queue).
     */
    async onEvents(sourceType: EventSource, events: { id: string; payload: Record<string, unknown> }[]) {
      const failed = new Map<string, unknown>();
      if (!(await moduleOn(db, CERT_MODULE))) {
        for (const e of events) skip(sourceType, e.payload);
        return failed;
      }
      for (const e of events) await grantFor(sourceType, e.payload).catch((err: unknown) => failed.set(e.id, err));
      return failed;
    },

    page(q: BodyOf<typeof CertGrantCalls.paging>) {
      const f = filterOf(q.params);
      return pageQuery(
        q,
        async (limit, offset) => (await repo.rows(f, limit, offset)).map((r) => toRow(r.grant, r.userName)),
        () => repo.count(f),
      );
    },

    async exportXlsx(params: CertGrantParams | undefined) {
      return grantsXlsx((await repo.rows(filterOf(params), MAX_EXPORT_ROWS, 0)).map((r) => toRow(r.grant, r.userName)));
    },

    async revoke(id: string, reason: string) {
      if (!reason.trim()) throw badRequest('请填写撤销原因！');
      if (!(await repo.revoke(id, reason.trim())))
        throw (await repo.byId(id)) ? badRequest('证书已撤销！') : notFound('证书不存在！');
    },

    /** Renders the certificate again with the holder's current name and department and the rule's current template. */
    async reissue(id: string) {
      const g = await repo.byId(id);
      if (!g) throw notFound('证书不存在！');
      if (g.state === CertState.REVOKED) throw badRequest('已撤销的证书不能重新签发！');
      const [rule, [holder]] = await Promise.all([rules.byId(g.ruleId), repo.holders([g.userId])]);
      await repo.refresh(id, {
        realName: holder?.realName ?? g.realName,
        deptName: holder?.deptName ?? g.deptName,
        tmplId: rule?.tmplId ?? g.tmplId,
        title: rule?.title ?? g.title,
      });
      await ensurePdf(id, true);
    },

    /** A manual batch: to an existing rule, or to a manual rule made from a template and a title. */
    async manual(b: BodyOf<typeof CertGrantCalls.manual>) {
      const userIds = [...new Set(b.userIds)];
      const holders = await repo.holders(userIds);
      if (holders.length !== userIds.length) throw badRequest('所选用户不存在或已被删除！');
      let rule: RuleRow | undefined;
      if (b.ruleId) {
        rule = await rules.byId(b.ruleId);
        if (!rule) throw notFound('证书发放规则不存在！');
      } else {
        const title = b.title?.trim();
        if (!b.tmplId || !title) throw badRequest('请选择发放规则，或选择证书模板并填写证书名称！');
        if (!(await rules.tmplExists(b.tmplId))) throw badRequest('证书模板不存在！');
        const id = newId();
        await rules.insert(id, {
          tmplId: b.tmplId,
          title,
          sourceType: CertSource.MANUAL,
          sourceId: id,
          validMonths: b.validMonths ?? 0,
          numPrefix: '',
          numYear: true,
          numDigits: 6,
          enabled: true,
        });
        rule = (await rules.byId(id))!;
      }
      const title =
        rule.sourceType === CertSource.MANUAL
          ? rule.title
          : ((await rules.sourceTitleOf(rule.sourceType, rule.sourceId)) ?? '');
      let granted = 0;
      for (const h of holders) if ((await grantOnce(rule, h, title, null)).created) granted++;
      return { ruleId: rule.id, granted, existing: holders.length - granted };
    },

    async adminPdf(id: string) {
      const g = await repo.byId(id);
      if (!g) throw notFound('证书不存在！');
      return pdfOf(g);
    },

    minePage(q: BodyOf<typeof CertMineCalls.paging>, userId: string) {
      const f = { ...filterOf({ state: q.params?.state || undefined }), userId };
      return pageQuery(
        q,
        async (limit, offset) => (await repo.rows(f, limit, offset)).map((r) => toMine(r.grant)),
        () => repo.count(f),
      );
    },

    async minePdf(id: string, userId: string) {
      const g = await own(id, userId);
      if (g.state === CertState.REVOKED) throw badRequest('证书已撤销，不能下载！');
      return pdfOf(g);
    },

    /** The holder's Open Badges 3.0 credential, signed now with the current key. */
    async mineCredential(id: string, userId: string) {
      const g = await own(id, userId);
      if (g.state === CertState.REVOKED) throw badRequest('证书已撤销，不能下载！');
      const vc = openBadgeCredential(toBadge(g), { origin, name: await siteName(db) });
      return { jwt: await signCredential(vc, await keys.signing(), origin), fileName: `${g.title}-${g.number}.jwt` };
    },

    byCode: (code: string) => repo.byCode(code),
  };
}
export type GrantService = ReturnType<typeof grantService>;
