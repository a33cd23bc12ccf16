import type { Seed } from '@exam/server-kit';

/** Demo battles (written by the battle admin work). */
export const seed: Seed = async () => {};
