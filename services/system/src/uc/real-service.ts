import type { BodyOf, UcCalls } from '@exam/contracts';
import {
  type Db,
  type FaceJobPayload,
  type FaceResult,
  type FaceService,
  type JobQueue,
  type Sessions,
  type Tx,
  badRequest,
  conflict,
  fmtTime,
  forbidden,
  isRefusal,
  pageQuery,
  saveFaceImage,
} from '@exam/server-kit';
import { checkIdCard, checkRealName } from '@exam/validators';
import { switchesOf } from '../config/switches';
import { updateUser } from '../user/user-repository';
import { autoCheckIdCard, maskIdCard } from './id-card';
import { autoInputs, REAL_FACE, REAL_MSG, realPhoto } from './real-face';
import * as repo from './real-repository';
import { REAL } from './real-state';

type Deps = {
  db: Db;
  dataDir: string;
  faces: FaceService;
  jobs: JobQueue;
  sessions: Sessions;
  log: (msg: object, text: string) => void;
};

/**
 * Real-name verification (实名认证, only when realPerson is on). faceAudit decides the review:
 * no → verified at once; manual → pending an administrator; auto → the automatic ID check first
 * (a failure is rejected at once with the reason), then the live capture compared with the photo by the
 * job queue (`applyVerdict`), the uncertain band left to an administrator (decisions.md). An approved
 * request's photo becomes the user's enrolled face.
 */
export function realService({ db, dataDir, faces, jobs, sessions, log }: Deps) {
  /** The verified name and ID card become the user's. */
  const copyToUser = (tx: Db | Tx, r: { userId: string; realName: string; idCard: string }) =>
    updateUser(tx, r.userId, { realName: r.realName, idCard: r.idCard, updateTime: new Date() });

  async function info(userId: string) {
    const s = await switchesOf(db);
    const r = await repo.realOf(db, userId);
    return {
      state: r?.state ?? REAL.NONE,
      realName: r?.realName ?? '',
      idCard: r ? maskIdCard(r.idCard) : '',
      auditMsg: r?.auditMsg ?? '',
      faceAudit: s.faceAudit,
      photo: r?.photo ?? '',
    };
  }

  /**
   * Applies the verdict of an automatic review to the request it was made for (still pending, same capture):
   * pass → verified, the name and ID card copied to the user and the photo enrolled as the user's face;
   * the uncertain band → stays pending for an administrator; anything else → refused with the reason.
   */
  async function applyVerdict(p: FaceJobPayload, r: FaceResult) {
    if (!(await repo.pendingOfCapture(db, p.userId, p.image.key))) return;
    if (!isRefusal(r) && r.uncertain) {
      await repo.updatePendingOfCapture(db, p.userId, p.image.key, { auditMsg: REAL_MSG.uncertain });
      return;
    }
    if (isRefusal(r) || !r.pass) {
      const auditMsg = isRefusal(r) ? REAL_MSG.refused(r.reason) : REAL_MSG.noMatch;
      await repo.updatePendingOfCapture(db, p.userId, p.image.key, {
        state: REAL.REJECTED,
        auditMsg,
        updateTime: new Date(),
      });
      return;
    }
    // The gate already passed in the comparison; an engine error here retries the job.
    const enrol = p.reference ? await faces.prepareEnroll(p.userId, p.reference) : undefined;
    const done = await db.transaction(async (tx) => {
      const decided = await repo.updatePendingOfCapture(tx, p.userId, p.image.key, {
        state: REAL.PASSED,
        auditMsg: '',
        updateTime: new Date(),
      });
      if (!decided) return false;
      await copyToUser(tx, { userId: p.userId, realName: decided.realName, idCard: decided.idCard });
      await enrol?.(tx);
      return true;
    });
    if (done) await sessions.invalidateAuth(p.userId);
  }

  return {
    info,

    async submit(userId: string, body: BodyOf<typeof UcCalls.realSubmit>) {
      const s = await switchesOf(db);
      if (!s.realPerson) throw forbidden('系统未开启实名认证！');
      const idCard = body.idCard.trim().toUpperCase();
      const bad = checkRealName(body.realName) ?? (idCard ? checkIdCard(idCard) : '身份证号码不能为空！');
      if (bad) throw badRequest(bad);
      const mine = await repo.realOf(db, userId);
      if (mine?.state === REAL.PASSED) throw conflict('您已完成实名认证！');
      if (mine?.state === REAL.PENDING) throw conflict('实名认证正在审核中，请耐心等待！');
      if (await repo.idCardVerifiedByOther(db, idCard, userId)) throw conflict('该身份证号码已被其他账号认证！');

      const autoFail = s.faceAudit === 'auto' ? autoCheckIdCard(idCard) : undefined;
      const photo = await realPhoto(db, dataDir, body.photo);
      const frame = s.faceAudit === 'auto' && !autoFail ? autoInputs(photo, body.capture) : undefined;
      const state = s.faceAudit === 'no' ? REAL.PASSED : autoFail ? REAL.REJECTED : REAL.PENDING;
      // Verified at once: the photo goes through the quality gate now (an upload check), like the admin's face field.
      const enrol = state === REAL.PASSED && photo ? await faces.prepareEnroll(userId, photo.image) : undefined;
      const capture = frame ? await saveFaceImage(db, dataDir, frame.buf) : undefined;
      const realName = body.realName.trim();
      const values = {
        realName,
        idCard,
        state,
        auditMsg: autoFail ?? '',
        photo: photo?.url ?? '',
        captureStorage: capture?.storage ?? '',
        captureKey: capture?.key ?? '',
        updateTime: new Date(),
      };
      await db.transaction(async (tx) => {
        await repo.upsertReal(tx, userId, values);
        if (state === REAL.PASSED) await copyToUser(tx, { userId, realName, idCard });
        await enrol?.(tx);
        // The comparison is never on the request: its job commits with the request it decides.
        if (capture && photo)
          await faces.enqueueCompare(jobs, tx, REAL_FACE, { userId, image: capture, reference: photo.image, ref: {} });
      });
      if (state === REAL.PASSED) await sessions.invalidateAuth(userId);
      return info(userId);
    },

    /** Administrators review pending requests (faceAudit manual, or auto after the automatic check). */
    page(q: BodyOf<typeof UcCalls.realPaging>) {
      const f = q.params ?? {};
      return pageQuery(
        q,
        async (limit, offset) =>
          (await repo.realRows(db, f, limit, offset)).map(({ r, userName }) => ({
            id: r.id,
            userId: r.userId,
            userName,
            realName: r.realName,
            idCard: r.idCard,
            state: r.state,
            auditMsg: r.auditMsg,
            createTime: fmtTime(r.createTime),
            photo: r.photo,
          })),
        () => repo.realCount(db, f),
      );
    },

    async audit({ ids, state, auditMsg: msg }: BodyOf<typeof UcCalls.realAudit>) {
      const auditMsg = (msg ?? '').trim();
      if (state === REAL.REJECTED && !auditMsg) throw badRequest('审核意见不能为空！');
      // Only pending requests are decided; one transaction, so a pass never leaves the user half updated.
      const decided = await db.transaction(async (tx) => {
        const rows = await repo.decidePending(tx, ids, state, auditMsg);
        if (state === REAL.PASSED) for (const r of rows) await copyToUser(tx, r);
        return rows;
      });
      if (state !== REAL.PASSED) return;
      for (const r of decided) {
        await sessions.invalidateAuth(r.userId);
        // The approved photo becomes the user's face; an admin's decision stands even when the photo fails the gate.
        if (r.photo)
          await faces
            .prepareEnrollUrl(r.userId, r.photo)
            .then((write) => write(db))
            .catch((e: Error) => log({ userId: r.userId, err: e.message }, 'real-name photo not enrolled'));
      }
    },

    applyVerdict,

    /** Works the automatic comparisons in the background (one job per submission); returns the stop function. */
    work: () => faces.workCompares(jobs, REAL_FACE, applyVerdict),
  };
}
export type RealService = ReturnType<typeof realService>;
