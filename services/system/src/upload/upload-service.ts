import { createReadStream } from 'node:fs';
import { type Db, newStorageKey } from '@exam/server-kit';
import { propService } from '../config/prop-service';
import { CONTENT_TYPES, type Received } from './file-check';

/**
 * Common files: uploads go through the storage in use under a generated name; local files are read back.
 * No direct-to-cloud credentials: every upload goes through here (docs/decisions.md).
 */
export function uploadService({ db, dataDir }: { db: Db; dataDir: string }) {
  const props = propService({ db, dataDir });
  return {
    /** Stores a checked upload; its address, name, size and kind. */
    async put(file: Received) {
      const storage = await props.activeStorage();
      const key = newStorageKey(file.ext);
      await storage.put(key, {
        body: createReadStream(file.path),
        size: file.size,
        contentType: CONTENT_TYPES[file.ext] ?? 'application/octet-stream',
      });
      return { url: storage.urlOf(key), name: file.name, size: file.size, kind: file.kind };
    },

    /** A file of the local provider (local files stay readable after a switch), or null. */
    readLocal: async (key: string) => (await props.storageOf('local')).read(key),
  };
}
