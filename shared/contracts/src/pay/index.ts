export * from './common';
export * from './order';
