import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach } from 'vitest';
import { FloorwalkerDb } from '../../../lib/db/database';

/** Fresh fake-IndexedDB databases for a test file, deleted after each test. */
export function useTestDbs(prefix: string): { open(name?: string): FloorwalkerDb; freshName(): string } {
  const open: Dexie[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) {
      db.close();
      await Dexie.delete(db.name);
    }
  });
  const freshName = () => `${prefix}-${Math.random().toString(36).slice(2)}`;
  return {
    freshName,
    open(name = freshName()) {
      const db = new FloorwalkerDb(name);
      open.push(db);
      return db;
    },
  };
}
