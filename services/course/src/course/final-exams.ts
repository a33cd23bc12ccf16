import { type Db, badRequest } from '@exam/server-kit';
import { examsByIds } from './course-repository';

/*
 * A course's final exams (结业考试) are exam ids kept on the course. Their titles are read from the exam
 * table of the same database (read only, no call into the exam service), so a renamed exam shows its new
 * name and a deleted one drops out of the list.
 */

/** The ids to store: each once, in the author's order; every one must be an existing exam. */
export async function checkFinalExams(db: Db, ids: string[] | undefined): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) return [];
  const found = await examsByIds(db, unique);
  if (found.length !== unique.length) throw badRequest('所选考试不存在或已删除！');
  return unique;
}

/** The linked exams with their titles, in order; exams deleted since are left out. */
export async function finalExamList(db: Db, ids: string[]): Promise<{ id: string; title: string }[]> {
  if (!ids.length) return [];
  const rows = await examsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
