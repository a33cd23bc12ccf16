export * from './exam';
export * from './client';
export * from './paper';
