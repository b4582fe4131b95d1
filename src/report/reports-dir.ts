/**
 * The reports directory (REPORTS_DIR) is a path the user names: creating it
 * is bounded (see src/files/) and a refusal is REPORT_FAILED naming the
 * variable, not an internal error.
 */
import { rm } from 'node:fs/promises';
import { UpgradeGuardError } from '../errors.ts';
import { ensureDirectory } from '../files/ensure-directory.ts';
import { withinTime } from '../files/within-time.ts';

/** Creates `directory` (REPORTS_DIR or a folder in it) and its missing ancestors. */
export async function ensureReportsDirectory(directory: string): Promise<void> {
  const failed = (detail: string): UpgradeGuardError => new UpgradeGuardError('REPORT_FAILED', `the reports directory ${directory} (REPORTS_DIR) could not be created: ${detail}`);
  try {
    await withinTime(ensureDirectory(directory), () => failed('no answer from the file system in time'));
  } catch (error) {
    if (error instanceof UpgradeGuardError) throw error;
    throw failed(error instanceof Error ? error.message : String(error));
  }
}

/** Empties `directory` (the raw results of an earlier run) and creates it again. */
export async function freshReportsDirectory(directory: string): Promise<void> {
  try {
    await withinTime(rm(directory, { recursive: true, force: true }), () => new Error('no answer from the file system in time'));
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `the reports directory ${directory} (REPORTS_DIR) could not be emptied: ${error instanceof Error ? error.message : String(error)}`);
  }
  await ensureReportsDirectory(directory);
}
