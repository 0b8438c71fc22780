import { type CommonQueryMethods, type DatabasePool, sql } from 'slonik';

/**
 * Runs a read of several statements against one snapshot of the database. Each statement on the
 * pool sees the database as of its own start, so a projector's commit between two of them mixes
 * two versions in one answer: a night's version from before it and its people from after.
 */
export function inOneSnapshot<T>(pool: DatabasePool, read: (db: CommonQueryMethods) => Promise<T>): Promise<T> {
  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    return read(tx);
  });
}
