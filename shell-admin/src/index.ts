// Async boundary: shared singletons (React, store, Arco) are negotiated before any of them runs.
import('./bootstrap');
