/**
 * Reads a file the user named (TOKEN_STORE, its lock) without ever blocking
 * on something that is not a file. `open()` of a FIFO waits for a writer,
 * in libuv's thread pool, where no time bound can cancel it; worse, a
 * process whose pool thread is stuck cannot exit either (Node joins the
 * pool at exit). So the file is opened with O_NONBLOCK, which returns at
 * once for a FIFO and changes nothing for a regular file, and anything but
 * a regular file is refused before a byte is read.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export class NotARegularFile extends Error {
  override readonly name = 'NotARegularFile';
  readonly code = 'ENOTREGULAR';
}

export async function readRegularFile(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotARegularFile(`${path} is not a regular file (${kindOf(info)})`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a file';
}
