import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Docmost's `StorageService` with its local driver, for the reference host: files under one
 * directory (Docmost's `data/storage`; here `DATA_DIR/storage`), addressed by the paths the
 * `attachments` rows hold (`<workspaceId>/files/<attachmentId>/<fileName>`).
 */
export class HostStorageService {
  constructor(private readonly root: string) {}

  /** The file's place under the root; a path reaching outside it is refused, as Docmost's driver does. */
  private fullPath(filePath: string): string {
    const root = resolve(this.root);
    const full = resolve(root, filePath);
    if (full !== root && !full.startsWith(root + sep))
      throw new Error('Invalid file path');
    return full;
  }

  async upload(filePath: string, content: Buffer): Promise<void> {
    const full = this.fullPath(filePath);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }

  /** Copies a file; a missing one is not copied and no error, as Docmost's local driver does. */
  async copy(fromFilePath: string, toFilePath: string): Promise<void> {
    const from = this.fullPath(fromFilePath);
    const to = this.fullPath(toFilePath);
    await mkdir(dirname(to), { recursive: true });
    try {
      await copyFile(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  read(filePath: string): Promise<Buffer> {
    return readFile(this.fullPath(filePath));
  }

  async delete(filePath: string): Promise<void> {
    await rm(this.fullPath(filePath), { force: true });
  }
}
