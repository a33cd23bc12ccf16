import { fileURLToPath } from 'node:url';

/** The shells' page: Chinese content declared as such (screen readers, fonts, Lighthouse's html-has-lang). */
export const SHELL_TEMPLATE = fileURLToPath(new URL('./shell.html', import.meta.url));
