export * from './common';
export * from './course';
export * from './client';
export * from './file';
export * from './qa';
export * from './read';
