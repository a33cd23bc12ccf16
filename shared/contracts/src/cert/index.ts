export * from './common';
export * from './tmpl';
export * from './rule';
export * from './grant';
