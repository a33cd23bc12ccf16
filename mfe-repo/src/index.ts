// Async boundary: shared singletons are negotiated before the dev harness runs.
import('./bootstrap');
