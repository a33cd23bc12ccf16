import { type AuthUser, forbidden } from '@exam/server-kit';

/**
 * One save call creates (no id) and edits (with id); creating needs `<base>:add`, editing `<base>:update`.
 * The route declares both so either holder passes the gate; this picks the one the body needs.
 */
export function requireSaveGrant(me: AuthUser | null, id: string | undefined, base: string) {
  const need = `${base}:${id ? 'update' : 'add'}`;
  if (!me?.permissions.includes(need)) throw forbidden();
}

export const saveTags = (base: string) => [`${base}:add`, `${base}:update`];

/** Who may use the user picker: group membership and exams opened to named people too. Its role filter needs the role list. */
export const USER_PICKERS = ['sys:user:list', 'sys:group:user:join', 'exam:add', 'exam:update'];
