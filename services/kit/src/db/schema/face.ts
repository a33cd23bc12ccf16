import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updateTime } from './common';
import { sysUser } from './system';

/**
 * Enrolled faces (issue 13): a user's reference photo as an engine made it usable — local: the
 * embedding; clouds: the provider's face token. One row per user, provider and model, so a provider
 * switch re-enrols from the stored photo instead of comparing templates of another model. Never
 * returned to learners.
 */
export const sysUserFace = pgTable(
  'sys_user_face',
  {
    userId: text('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    template: text('template').notNull(),
    /** The enrolled photo in storage: provider of the storage and key (the photo outlives a storage switch). */
    imageStorage: text('image_storage').notNull(),
    imageKey: text('image_key').notNull(),
    updateTime: updateTime(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider, t.model] }),
    index('sys_user_face_model_idx').on(t.provider, t.model, t.updateTime),
  ],
);
