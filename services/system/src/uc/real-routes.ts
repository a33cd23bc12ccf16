import { UcCalls } from '@exam/contracts';
import { badRequest, conflict, type FaceService, forbidden, type JobQueue, newId, route, saveFaceImage, schema, userOf } from '@exam/server-kit';
import { checkIdCard, checkRealName } from '@exam/validators';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { switchesOf } from '../config/switches';
import { autoCheckIdCard, maskIdCard } from './id-card';
import { autoInputs, REAL_FACE, realPhoto } from './real-face';
import { REAL } from './real-state';

export { REAL };

/**
 * Real-name verification (实名认证, only when realPerson is on). faceAudit decides the review:
 * no → verified at once; manual → pending an administrator; auto → the automatic ID check first
 * (a failure is rejected at once with the reason), then the live capture compared with the photo by the
 * job queue (./real-face.ts), the uncertain band left to an administrator (decisions.md). An approved
 * request's photo becomes the user's enrolled face.
 */
export async function realRoutes(app: FastifyInstance, { faces, jobs }: { faces: FaceService; jobs: JobQueue }) {
  const { sysUserReal, sysUser } = schema;

  const infoOf = async (userId: string) => {
    const s = await switchesOf(app.db);
    const [r] = await app.db.select().from(sysUserReal).where(eq(sysUserReal.userId, userId));
    return {
      state: r?.state ?? REAL.NONE, realName: r?.realName ?? '', idCard: r ? maskIdCard(r.idCard) : '', auditMsg: r?.auditMsg ?? '', faceAudit: s.faceAudit, photo: r?.photo ?? '',
    };
  };

  route(app, UcCalls.realInfo, {}, (req) => infoOf(userOf(req).id));

  route(app, UcCalls.realSubmit, {}, async (req) => {
    const me = userOf(req);
    const s = await switchesOf(app.db);
    if (!s.realPerson) throw forbidden('系统未开启实名认证！');
    const idCard = req.body.idCard.trim().toUpperCase();
    const bad = checkRealName(req.body.realName) ?? (idCard ? checkIdCard(idCard) : '身份证号码不能为空！');
    if (bad) throw badRequest(bad);
    const [mine] = await app.db.select().from(sysUserReal).where(eq(sysUserReal.userId, me.id));
    if (mine?.state === REAL.PASSED) throw conflict('您已完成实名认证！');
    if (mine?.state === REAL.PENDING) throw conflict('实名认证正在审核中，请耐心等待！');
    const [taken] = await app.db.select({ id: sysUserReal.id }).from(sysUserReal)
      .where(and(eq(sysUserReal.idCard, idCard), eq(sysUserReal.state, REAL.PASSED), ne(sysUserReal.userId, me.id)));
    if (taken) throw conflict('该身份证号码已被其他账号认证！');

    const autoFail = s.faceAudit === 'auto' ? autoCheckIdCard(idCard) : undefined;
    const photo = await realPhoto(app, req.body.photo);
    const frame = s.faceAudit === 'auto' && !autoFail ? autoInputs(photo, req.body.capture) : undefined;
    const state = s.faceAudit === 'no' ? REAL.PASSED : autoFail ? REAL.REJECTED : REAL.PENDING;
    // Verified at once: the photo goes through the quality gate now (an upload check), like the admin's face field.
    const enrol = state === REAL.PASSED && photo ? await faces.prepareEnroll(me.id, photo.image) : undefined;
    const capture = frame ? await saveFaceImage(app.db, app.config.dataDir, frame.buf) : undefined;
    const realName = req.body.realName.trim();
    const values = {
      realName, idCard, state, auditMsg: autoFail ?? '', photo: photo?.url ?? '', captureStorage: capture?.storage ?? '', captureKey: capture?.key ?? '', updateTime: new Date(),
    };
    await app.db.transaction(async (tx) => {
      await tx.insert(sysUserReal).values({ id: newId(), userId: me.id, ...values })
        .onConflictDoUpdate({ target: sysUserReal.userId, set: values });
      if (state === REAL.PASSED) await tx.update(sysUser).set({ realName, idCard, updateTime: new Date() }).where(eq(sysUser.id, me.id));
      await enrol?.(tx);
      // The comparison is never on the request: its job commits with the request it decides.
      if (capture && photo) await faces.enqueueCompare(jobs, tx, REAL_FACE, { userId: me.id, image: capture, reference: photo.image, ref: {} });
    });
    if (state === REAL.PASSED) await app.sessions.invalidateAuth(me.id);
    return infoOf(me.id);
  });
}
