/**
 * A worker thread that runs a TypeScript module through tsx, as the suites'
 * workers run theirs (the run-permits test): a thread gets
 * no loader of its own, so it imports the module with tsx's API.
 */
import { Worker } from 'node:worker_threads';

export function tsWorker(module: URL, workerData: unknown): Worker {
  const code = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData });
}
