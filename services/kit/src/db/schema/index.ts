export * from './system';
export * from './domain';
