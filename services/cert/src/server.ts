import { buildApp, serve } from '@exam/server-kit';
import { certService } from './index';

// Runs the certificate service as its own process (distributed mode).
await serve(await buildApp({ services: [certService] }));
