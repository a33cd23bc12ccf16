export * from './system';
export * from './domain';
export * from './system-bind';
export * from './system-group';
export * from './system-uc';
export * from './repo';
export * from './system-config';
export * from './exam';
