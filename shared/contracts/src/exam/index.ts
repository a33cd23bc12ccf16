export * from './exam';
export * from './client';
export * from './paper';
export * from './review';
export * from './apply';
export * from './record';
export * from './score-range';
