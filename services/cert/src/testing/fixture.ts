import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CERT_TAGS } from '@exam/contracts';
import { activeStorage, type Db, newId, schema } from '@exam/server-kit';
import { createTestApp } from '@exam/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { certService } from '../index';

/** The site origin the tests' certificates point at. */
export const ORIGIN = 'https://exam.example.test';

export type Ctx = { app: FastifyInstance; admin: string; learner: string; learner2: string; storageDir: string };
export const USERS = { admin: 'u-cert-admin', learner: 'u-cert-l1', learner2: 'u-cert-l2' } as const;
export const EXAM_ID = 'e-cert-1';
export const COURSE_ID = 'c-cert-1';

/**
 * The data the tests need, written straight into the tables other services own (no system service in these tests): a
 * department, an admin whose role holds every certificate tag, two learners, an exam and a course.
 */
async function seedData(db: Db) {
  const { sysDepart, sysUser, sysRole, sysMenu, sysRoleMenu, sysUserRole, elExam, elCourse } = schema;
  await db.insert(sysDepart).values({ id: 'd-cert', deptName: '安全生产部', deptCode: 'C01' });
  await db.insert(sysUser).values([
    { id: USERS.admin, userName: 'certadmin', realName: '证书管理员', password: 'x' },
    { id: USERS.learner, userName: 'certl1', realName: '张小三', password: 'x', deptCode: 'C01' },
    { id: USERS.learner2, userName: 'certl2', realName: '李四', password: 'x' },
  ]);
  await db.insert(sysRole).values({ id: 'r-cert-admin', roleName: '证书管理', roleType: 2 });
  await db
    .insert(sysMenu)
    .values(CERT_TAGS.map((tag, i) => ({ id: `f-cert-${i}`, menuType: 2, metaTitle: tag, permissionTag: tag })));
  await db.insert(sysRoleMenu).values(CERT_TAGS.map((_, i) => ({ roleId: 'r-cert-admin', menuId: `f-cert-${i}` })));
  await db.insert(sysUserRole).values({ userId: USERS.admin, roleId: 'r-cert-admin' });
  const hours = (h: number) => new Date(Date.now() + h * 3600_000);
  await db
    .insert(elExam)
    .values({ id: EXAM_ID, title: '2026年安全生产考试', startTime: hours(-48), endTime: hours(48), totalTime: 60 });
  await db.insert(elCourse).values({ id: COURSE_ID, title: '消防安全课程' });
}

/** The real app with the certificate service alone; signed-in tokens for the admin and two learners. */
export async function certTestApp(): Promise<Ctx> {
  const app = await createTestApp({ services: [certService], seeds: [seedData], config: { siteOrigins: [ORIGIN] } });
  const storageDir = await mkdtemp(join(tmpdir(), 'cert-test-'));
  await app.db
    .insert(schema.sysConfigProp)
    .values({ id: newId(), type: 'upload', provider: 'local', current: true, data: { localDir: storageDir } });
  const [admin, learner, learner2] = await Promise.all(
    [USERS.admin, USERS.learner, USERS.learner2].map((id) => app.sessions.create(id)),
  );
  return { app, admin: admin!, learner: learner!, learner2: learner2!, storageDir };
}

/** A PNG of one colour (a red seal or a pale background). */
export function png(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const img = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) img.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(img);
}

/** Stores bytes as the upload call would (generated key in the storage in use) and returns the address it gives out. */
export async function upload(app: FastifyInstance, bytes: Buffer, ext = 'png'): Promise<string> {
  const storage = await activeStorage(app.db, app.config.dataDir);
  const key = `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}/${randomBytes(16).toString('hex')}.${ext}`;
  await storage.put(key, { body: bytes, size: bytes.length, contentType: ext === 'png' ? 'image/png' : 'image/jpeg' });
  return storage.urlOf(key);
}

/** Polls until `fn` gives a value (a job the worker runs in the background). */
export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
