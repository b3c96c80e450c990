/**
 * D1 rows read by `GET /api/files`: the caller's files only, however many other users have.
 * The list is one range of the owner index, so its rows read equal the caller's file count.
 */
import { userFilesQuery } from '../../db/user-files';
import type { RowsReadFigure } from './d1-rows';
import { withMigratedLocalD1 } from './local-d1';

const FILES_PER_USER = 300;
/** 8 bound columns per row, under D1's 100 parameters per statement. */
const FILES_PER_INSERT = 12;

async function seedFiles(db: D1Database, userId: string): Promise<void> {
  await db.prepare('INSERT INTO users (id, email) VALUES (?, ?)').bind(userId, `${userId}@bench.test`).run();
  const statements: D1PreparedStatement[] = [];
  for (let first = 0; first < FILES_PER_USER; first += FILES_PER_INSERT) {
    const count = Math.min(FILES_PER_INSERT, FILES_PER_USER - first);
    const values = Array.from({ length: count }, (_, offset) => {
      const fileId = crypto.randomUUID();
      const at = Date.now() - (first + offset) * 60_000;
      return [fileId, userId, `file-${first + offset}.txt`, `users/${userId}/${fileId}`, 'text/plain', 1024, at, at];
    }).flat();
    statements.push(
      db
        .prepare(
          `INSERT INTO files (file_id, userId, filename, storageKey, type, bytes, createdAt, updatedAt) VALUES ${Array.from({ length: count }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        )
        .bind(...values),
    );
  }
  await db.batch(statements);
}

export async function measureFileListRowsRead(): Promise<RowsReadFigure[]> {
  return withMigratedLocalD1(async (db) => {
    const userId = crypto.randomUUID();
    await seedFiles(db, userId);
    await seedFiles(db, crypto.randomUUID());
    const query = userFilesQuery(userId);
    const result = await db
      .prepare(query.sql)
      .bind(...query.params)
      .all();
    if (result.results.length !== FILES_PER_USER)
      throw new Error(`The file list returned ${result.results.length} files instead of ${FILES_PER_USER}.`);
    return [
      {
        what: `file list (GET /api/files) of a user with ${FILES_PER_USER} files, beside another user's ${FILES_PER_USER}`,
        rowsRead: result.meta.rows_read,
        budget: FILES_PER_USER + 1,
      },
    ];
  });
}
