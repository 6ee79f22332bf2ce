export * from './par-sheet';
export * from './slot-engine';
export * from './slot-calculator';
export * from './demo-par-sheets';
export * from './par-sheet-hash';
