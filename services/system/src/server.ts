import { buildApp, serve } from '@exam/server-kit';
import { seed, systemService } from './index';

// Runs the system service as its own process (distributed mode).
await serve(await buildApp({ services: [systemService], seeds: [seed] }));
