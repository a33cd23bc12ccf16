export * from './common';
export * from './bank';
export * from './qu';
export * from './train';
export * from './book';
