import { prefetchRuntimeConfig } from '@exam/shell/runtime-config';

// Read at once, in parallel with the shared modules the shell waits for (a module without imports of its own).
prefetchRuntimeConfig();
// Async boundary: shared singletons (React, store, Arco) are negotiated before any of them runs.
import('./bootstrap');
