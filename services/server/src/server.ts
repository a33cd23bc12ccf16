import { serve } from '@exam/server-kit';
import { buildAllInOne } from './app';
import { staticSite } from './static';

// The all-in-one entry: every service plus the built shells and remotes on one port.
const app = await buildAllInOne({ extras: [staticSite] });
await serve(app);
const port = app.config.port;
app.log.info(`learner shell: http://localhost:${port}/  admin shell: http://localhost:${port}/admin/`);
