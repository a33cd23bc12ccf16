import { buildApp, serve } from '@exam/server-kit';
import { courseService, seed } from './index';

// Runs the course service as its own process (distributed mode).
await serve(await buildApp({ services: [courseService], seeds: [seed] }));
