export * from './bytes';
export * from './sha256';
export * from './byte-stream';
export * from './player-seeds';
export * from './hash-chain';
export * from './lottery-outcomes';
export * from './shoe';
export * from './merkle';
