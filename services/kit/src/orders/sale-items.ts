import { type OrderItemType, yuanToFen } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { elCourse, elExam, elRepo } from '../db/schema';

/** A priced item as an order takes it: its title and price now (money in fen, points). */
export type SaleItem = { type: OrderItemType; id: string; title: string; amountFen: number; points: number };

/** The item's title and price, read from its owner's table (undefined: no such item). */
export async function saleItem(db: Db | Tx, type: OrderItemType, id: string): Promise<SaleItem | undefined> {
  const [row] =
    type === 'course'
      ? await db
          .select({ title: elCourse.title, price: elCourse.salePrice, points: elCourse.costPoints })
          .from(elCourse)
          .where(eq(elCourse.id, id))
      : type === 'exam'
        ? await db
            .select({ title: elExam.title, price: elExam.price, points: elExam.points })
            .from(elExam)
            .where(eq(elExam.id, id))
        : await db
            .select({ title: elRepo.title, price: elRepo.price, points: elRepo.points })
            .from(elRepo)
            .where(eq(elRepo.id, id));
  return row && { type, id, title: row.title, amountFen: yuanToFen(Number(row.price)), points: row.points };
}
