import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every regular file below `root`, for the leak scans of a run's reports; none when the folder was never made. */
export function filesBelow(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
