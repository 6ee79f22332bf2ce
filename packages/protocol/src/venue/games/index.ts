export * from './games';
export * from './k3-paytable';
export * from './games-operator';
export * from './game-bets';
export * from './pk10-paytable';
export * from './ssc-paytable';
export * from './game-chase';
export * from './slots-api';
