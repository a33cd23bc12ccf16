import { migrateAndSeed } from './migrate';

// The entry of the migrate image and Job: exits 0 once the database is ready for this release, 1 otherwise.
const started = Date.now();
try {
  await migrateAndSeed();
  console.log(`[migrate] migrations and first-start data applied in ${Date.now() - started} ms`);
} catch (err) {
  console.error('[migrate] failed:', err);
  process.exitCode = 1;
}
