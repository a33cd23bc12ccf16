import { buildApp, serve } from '@exam/server-kit';
import { examService } from './index';

// Runs the exam service as its own process (distributed mode).
await serve(await buildApp({ services: [examService] }));
