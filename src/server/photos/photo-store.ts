// Where photo files live, behind one small interface so that an S3-compatible bucket can be
// added beside the folder store without touching the routes.
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface PhotoStore {
  put(key: string, data: Buffer): Promise<void>;
  /** the file's bytes, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /** removes every file whose key starts with the prefix; missing files are not an error */
  deletePrefix(prefix: string): Promise<void>;
}

const safeKey = /^[0-9a-f-]+(\/[0-9a-z.-]+)*$/;

/** fsync of a folder makes the names in it (a rename, a new subfolder) durable. */
async function syncFolder(path: string) {
  let folder;
  try {
    folder = await open(path, 'r');
    await folder.sync();
  } catch (error) {
    // Windows cannot open or sync a folder; there NTFS journals the names itself
    if (!['EPERM', 'EISDIR', 'EINVAL'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await folder?.close();
  }
}

export function createFolderPhotoStore(root: string): PhotoStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!safeKey.test(key) || !path.startsWith(base + sep)) throw new Error(`unsafe photo key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      const created = await mkdir(dirname(path), { recursive: true }); // the first folder made, if any
      const temporary = `${path}.${process.pid}.tmp`; // the start-up sweep removes leftovers
      const file = await open(temporary, 'w', 0o600);
      try {
        await file.writeFile(data);
        await file.sync(); // the bytes are on disk before the name points at them
      } finally {
        await file.close();
      }
      await rename(temporary, path); // readers never see half a file
      // the rename, and the folders made for it, survive a crash: sync each folder that gained a name
      const top = created ? dirname(created) : dirname(path);
      for (let folder = dirname(path); ; folder = dirname(folder)) {
        await syncFolder(folder);
        if (folder === top || !folder.startsWith(base)) break;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      await rm(join(base, prefix), { recursive: true, force: true });
    },
  };
}
