import { buildApp, serve } from '@exam/server-kit';
import { repoService, seed } from './index';

// Runs the repo service as its own process (distributed mode).
await serve(await buildApp({ services: [repoService], seeds: [seed] }));
