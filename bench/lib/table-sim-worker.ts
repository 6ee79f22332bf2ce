import { parentPort, workerData } from 'node:worker_threads';
import { simulateShoes, type SimTask } from './table-sim';

/** A worker thread of bench:tables' simulation: deals its range of shoes and posts the sums. */
parentPort?.postMessage(simulateShoes(workerData as SimTask));
