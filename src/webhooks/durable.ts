/** The small file-system steps that make a write survive a crash or a power cut. */
import { type FileHandle, open, rename } from "node:fs/promises";

/** fs writes may be short; a record must go down whole, so keep writing until every byte is out. */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/**
 * Makes a new or renamed directory entry durable (POSIX: the file's data is synced, but its name
 * lives in the directory). Windows cannot open a directory for syncing and needs no such step.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === "win32") return;
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on directories; the data itself is already synced.
  } finally {
    await handle?.close();
  }
}

/**
 * rename() that replaces the target. On Windows a reader that has the target open at that instant
 * makes it fail with EPERM/EACCES/EBUSY for a moment; readers only hold it briefly, so retry.
 */
export async function replaceFile(from: string, to: string, attempts = 20): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const transient = code === "EPERM" || code === "EACCES" || code === "EBUSY";
      if (!transient || i >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
