import { buildApp, serve } from '@exam/server-kit';
import { examService, seed } from './index';

// Runs the exam service as its own process (distributed mode).
await serve(await buildApp({ services: [examService], seeds: [seed] }));
