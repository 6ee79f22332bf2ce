export * from './baccarat';
export * from './dragon-tiger';
export * from './roads';
export * from './table-edges';
