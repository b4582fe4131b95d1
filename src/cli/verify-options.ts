/**
 * verify's command-line options, as node:util parseArgs takes them: one table for a single run (verify.ts) and the
 * upgrade rehearsal (rehearsal.ts), which takes `--env-file` more than once and refuses the options of one run.
 */
export const verifyOptions = {
  'env-file': { type: 'string' },
  version: { type: 'string' },
  suites: { type: 'string' },
  'no-html': { type: 'boolean', default: false },
  from: { type: 'string' },
  to: { type: 'string' },
  openapi: { type: 'string' },
  only: { type: 'string' },
  shard: { type: 'string' },
  history: { type: 'string' },
  timings: { type: 'boolean', default: false },
  'latency-ms': { type: 'string' },
} as const;
