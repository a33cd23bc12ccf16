import { startEarly } from '@exam/shell/early';

// The runtime config, and for a signed-in visitor the user, the menus and the first view's remote, are asked
// for at once, while the shell's own modules download (only eager shared modules and plain code are used).
startEarly('web', '');
// Async boundary: shared singletons (React, store, Arco) are negotiated before any of them runs. In a task of its
// own: negotiating the shell's modules and starting their downloads is a long piece of work, kept apart from the
// entry's start (two shorter tasks instead of one long one that blocks the page).
setTimeout(() => void import('./bootstrap'));
