import { buildApp, serve } from '@exam/server-kit';
import { watchService } from './index';

// Runs the watch service as its own process (distributed mode).
await serve(await buildApp({ services: [watchService] }));
