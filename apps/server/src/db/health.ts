import type { Db } from '@nebula/db';

/** Whether the database answers (for /healthz). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
