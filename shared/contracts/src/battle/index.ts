export * from './common';
export * from './battle';
export * from './client';
export * from './play';
