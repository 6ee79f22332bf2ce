export * from './client';
export * from './data-lock';
export * from './migrate';
export * from './timestamp';
