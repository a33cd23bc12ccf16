import { buildApp, serve } from '@exam/server-kit';
import { certService, seed } from './index';

// Runs the certificate service as its own process (distributed mode).
await serve(await buildApp({ services: [certService], seeds: [seed] }));
