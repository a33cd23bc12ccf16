import { buildApp, serve } from '@exam/server-kit';
import { payService } from './index';

// Runs the pay service as its own process (distributed mode, a pod). It never seeds: the migrate entry
// (services/server/src/migrate-main.ts) applies the migrations and every service's first-start data before.
await serve(await buildApp({ services: [payService] }));
