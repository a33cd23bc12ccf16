import type { BindRow } from '@exam/contracts';

/** 第三方信息: the provider's name for the account beside its id (a mobile is its number). */
export const bindInfo = (row: BindRow) => (row.nickName ? `${row.nickName}（${row.openId}）` : row.openId);
