/**
 * The files `npm test` starts first (test/support/long-files-first.ts) are
 * named by path: a file renamed or removed would drop out of the list
 * unseen, and with it the order that keeps the run short.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { longFiles } from '../support/long-files-first.ts';

const root = new URL('../..', import.meta.url).pathname;

it('every file npm test starts first exists', () => {
  expect(longFiles.filter((file) => !existsSync(join(root, file)))).toEqual([]);
});
