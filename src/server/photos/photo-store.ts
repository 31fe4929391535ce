// Where photo files live, behind one small interface so that an S3-compatible bucket can be
// added beside the folder store without touching the routes.
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface PhotoStore {
  put(key: string, data: Buffer): Promise<void>;
  /** the file's bytes, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  /** removes every file whose key starts with the prefix; missing files are not an error */
  deletePrefix(prefix: string): Promise<void>;
}

const safeKey = /^[0-9a-f-]+(\/[0-9a-z.-]+)*$/;

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
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, path); // readers never see half a file
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
