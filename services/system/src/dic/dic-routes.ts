import { DicCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { saveTags } from '../role/grants';
import { dicService } from './dic-service';

/** Dictionaries and their value trees (dic-service.ts). */
export async function dicRoutes(app: FastifyInstance) {
  const dics = dicService({ db: app.db });

  route(app, DicCalls.paging, { permission: 'sys:dic:list' }, async (req) => dics.page(req.body));
  route(app, DicCalls.save, { permission: saveTags('sys:dic') }, async (req) => dics.save(req.body, req.user));
  route(app, DicCalls.remove, { permission: 'sys:dic:delete' }, async (req) => {
    await dics.remove(req.body.ids);
    return null;
  });
  // Every screen reads dictionaries (selects, texts), so any signed-in user may.
  route(app, DicCalls.valueTree, {}, async (req) => dics.valueTree(req.body.dicCode, req.body.excludes));
  route(app, DicCalls.valueSave, { permission: saveTags('sys:dic') }, async (req) =>
    dics.saveValue(req.body, req.user),
  );
  route(app, DicCalls.valueRemove, { permission: 'sys:dic:delete' }, async (req) => {
    await dics.removeValues(req.body.ids);
    return null;
  });
}
