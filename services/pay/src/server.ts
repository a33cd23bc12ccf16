import { buildApp, serve } from '@exam/server-kit';
import { payService } from './index';

// Runs the pay service as its own process (distributed mode).
await serve(await buildApp({ services: [payService], seeds: [] }));
