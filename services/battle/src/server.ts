import { buildApp, serve } from '@exam/server-kit';
import { battleService, seed } from './index';

// Runs the battle service as its own process (distributed mode).
await serve(await buildApp({ services: [battleService], seeds: [seed] }));
