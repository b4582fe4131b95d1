/**
 * The nightly workflow example (.github/workflows/nightly.yml) is a file
 * GitHub must accept as it stands: it is validated with GitHub's own workflow
 * schema and parser (@actions/workflow-parser, the one behind GitHub's
 * Actions language server), and its pieces are asserted: a schedule, a shard
 * matrix whose verify step runs each shard, a merge job that needs the shards
 * and runs when they failed but not when the run was cancelled, the token
 * store and the Allure history saved under a new key each night and restored
 * by prefix, a manual run from another branch that never restores (and so
 * never spends) the nightly's refresh-token chain, the reports uploaded, and
 * secrets only in step environments.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse } from 'yaml';

const file = '.github/workflows/nightly.yml';
const content = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string>;
}
interface Job {
  readonly needs?: string | string[];
  readonly if?: string;
  readonly strategy?: { readonly matrix: { readonly shard: number[] }; readonly 'fail-fast'?: boolean };
  readonly steps: Step[];
}
const workflow = parse(content) as { on: { schedule: { cron: string }[] }; jobs: Record<string, Job> };

async function schemaErrors(text: string): Promise<string[]> {
  const result = parseWorkflow({ name: file, content: text }, new NoOperationTraceWriter());
  const errors = result.context.errors.getErrors().map((error) => error.message);
  if (errors.length > 0 || !result.value) return errors;
  const template = await convertWorkflowTemplate(result.context, result.value);
  return (template.errors ?? []).map((error) => error.Message);
}

function stepOf(job: Job, uses: string, withKey?: string): Step[] {
  return job.steps.filter((step) => step.uses?.startsWith(uses) && (withKey === undefined || step.with?.[withKey] !== undefined));
}

const defaultRef = 'refs/heads/main';

interface CacheRun {
  readonly ref: string;
  readonly runId: number;
  readonly shard: number;
}

/**
 * GitHub's caches as the docs describe them (actions/cache, "Restrictions for accessing a cache"): a run saves into
 * its own ref's scope and restores from its own ref's, then the default branch's; an exact key first, else the newest
 * cache whose key starts with a restore-keys prefix. The workflow's key templates are filled in with the run's
 * values; a template with any other expression is refused, so the model never guesses.
 */
class GitHubCaches {
  readonly #saved: { readonly ref: string; readonly key: string; readonly savedBy: CacheRun }[] = [];
  readonly #restore: Step;
  readonly #save: Step;

  constructor(job: Job, path: string) {
    const restore = stepOf(job, 'actions/cache/restore@').find((step) => step.with?.['path'] === path);
    const save = stepOf(job, 'actions/cache/save@').find((step) => step.with?.['path'] === path);
    if (!restore || !save) throw new Error(`no restore and save steps of ${path}`);
    this.#restore = restore;
    this.#save = save;
  }

  /** One run: what it restored (the run that saved it), then its save. */
  run(run: CacheRun): CacheRun | undefined {
    const key = fill(this.#restore.with?.['key'] ?? '', run);
    const prefixes = (this.#restore.with?.['restore-keys'] ?? '').split('\n').map((line) => fill(line.trim(), run)).filter((line) => line !== '');
    const visible = this.#saved.filter((cache) => cache.ref === run.ref || cache.ref === defaultRef).reverse();
    const restored = visible.find((cache) => cache.key === key) ?? prefixes.map((prefix) => visible.find((cache) => cache.key.startsWith(prefix))).find(Boolean);
    this.#saved.push({ ref: run.ref, key: fill(this.#save.with?.['key'] ?? '', run), savedBy: run });
    return restored?.savedBy;
  }
}

function fill(template: string, run: CacheRun): string {
  const filled = template
    .replaceAll('${{ github.ref }}', run.ref)
    .replaceAll('${{ matrix.shard }}', String(run.shard))
    .replaceAll('${{ github.run_id }}', String(run.runId))
    .replaceAll('${{ github.run_attempt }}', '1');
  if (filled.includes('${{')) throw new Error(`the cache model does not know an expression of ${template}`);
  return filled;
}

describe('the nightly workflow', () => {
  it("is valid against GitHub's workflow schema", async () => {
    expect(await schemaErrors(content)).toEqual([]);
  });

  it('the validation bites: a misspelt key and a job without runs-on are refused', async () => {
    expect((await schemaErrors(content.replace('timeout-minutes: 60', 'timeout-minute: 60'))).length).toBeGreaterThan(0);
    expect((await schemaErrors(content.replace(/^    runs-on: ubuntu-latest\n/m, ''))).length).toBeGreaterThan(0);
  });

  it('runs on a schedule', () => {
    expect(workflow.on.schedule[0]?.cron).toMatch(/^\S+ \S+ \* \* \*$/);
  });

  it('verifies in a shard matrix, each shard its own part', () => {
    const verify = workflow.jobs['verify'];
    expect(verify?.strategy?.matrix.shard.length).toBeGreaterThan(1);
    expect(verify?.strategy?.['fail-fast']).toBe(false);
    const run = verify?.steps.find((step) => step.run?.includes('npm run verify'))?.run;
    expect(run).toContain('--shard ${{ matrix.shard }}/${{ strategy.job-total }}');
    expect(stepOf(verify as Job, 'actions/upload-artifact@')[0]?.with?.['name']).toBe('shard-${{ matrix.shard }}');
  });

  it('merges in a job that needs every shard and the 7.4 run, and runs when a shard failed, not when the run was cancelled', () => {
    const report = workflow.jobs['report'];
    expect([report?.needs].flat()).toEqual(['verify', 'verify-previous']);
    expect(report?.if).toBe('${{ !cancelled() }}');
    expect(stepOf(report as Job, 'actions/download-artifact@')[0]?.with?.['pattern']).toBe('shard-*');
    expect(report?.steps.find((step) => step.run?.includes('npm run report'))?.run).toMatch(/npm run report -- .*--history reports-history .*shards\/shard-\*/);
    expect(stepOf(report as Job, 'actions/upload-artifact@').every((step) => step.if === 'always()')).toBe(true);
  });

  it('runs the 7.4 side of the rehearsal whole and read-only, only when PREVIOUS_BASE_URL names it, into the merged shards', () => {
    const previous = workflow.jobs['verify-previous'];
    expect(previous?.if).toBe("${{ vars.PREVIOUS_BASE_URL != '' }}");
    const run = previous?.steps.find((step) => step.run?.includes('npm run verify'));
    expect(run?.run).not.toContain('--shard');
    expect(run?.env?.['TARGET_VERSION']).toBe('7.4');
    expect(run?.env?.['ALLOW_MUTATIONS']).toBeUndefined();
    expect(stepOf(previous as Job, 'actions/upload-artifact@')[0]?.with?.['name']).toBe('shard-previous');
  });

  it('carries the token store and the Allure history: saved always under a new key, restored by prefix', () => {
    for (const [job, path] of [['verify', '.upgrade-guard'], ['report', 'reports-history']] as const) {
      const steps = workflow.jobs[job] as Job;
      const restore = stepOf(steps, 'actions/cache/restore@').find((step) => step.with?.['path'] === path);
      const save = stepOf(steps, 'actions/cache/save@').find((step) => step.with?.['path'] === path);
      expect(save?.if, `${job} ${path}`).toBe('always()');
      expect(save?.with?.['key']).toContain('${{ github.run_id }}-${{ github.run_attempt }}');
      expect(restore?.with?.['key']).toBe(save?.with?.['key']);
      const prefix = restore?.with?.['restore-keys']?.trim();
      expect(prefix && save?.with?.['key']?.startsWith(prefix)).toBe(true);
    }
  });

  it('a manual run from another branch neither restores nor replaces the nightly\'s token chain', () => {
    const caches = new GitHubCaches(workflow.jobs['verify'] as Job, '.upgrade-guard');
    const nightly = (runId: number) => ({ ref: defaultRef, runId, shard: 1 });
    caches.run(nightly(100));
    // workflow_dispatch from a branch: GitHub lets it restore the default branch's caches, not keep its own there.
    expect(caches.run({ ref: 'refs/heads/try-staging', runId: 101, shard: 1 })).toBeUndefined();
    expect(caches.run({ ref: 'refs/heads/try-staging', runId: 102, shard: 1 })?.runId).toBe(101);
    // The next night restores the chain the last night saved, the one it rotated itself.
    expect(caches.run(nightly(103))?.runId).toBe(100);
    // A manual run on the default branch is a night like the others (concurrency keeps it apart from a scheduled one).
    expect(caches.run(nightly(104))?.runId).toBe(103);
    // Each shard keeps its own chain.
    expect(caches.run({ ref: defaultRef, runId: 105, shard: 2 })).toBeUndefined();
  });

  it('the cache model bites: a key without the ref lets a branch run restore the nightly\'s chain', () => {
    const withoutRef = JSON.parse(JSON.stringify(workflow.jobs['verify']).replaceAll('${{ github.ref }}-', '')) as Job;
    const caches = new GitHubCaches(withoutRef, '.upgrade-guard');
    caches.run({ ref: defaultRef, runId: 100, shard: 1 });
    expect(caches.run({ ref: 'refs/heads/try-staging', runId: 101, shard: 1 })?.runId).toBe(100);
  });

  it('takes secrets from the secret store into step environments only, never into a command line', () => {
    for (const job of Object.values(workflow.jobs)) {
      for (const step of job.steps) expect(step.run ?? '').not.toContain('secrets.');
    }
    const env = workflow.jobs['verify']?.steps.find((step) => step.run?.includes('npm run verify'))?.env ?? {};
    expect(env['CLIENT_SECRET']).toBe('${{ secrets.STAGING_CLIENT_SECRET }}');
    expect(env['LOGIN_PASSWORD']).toBe('${{ secrets.STAGING_LOGIN_PASSWORD }}');
  });
});
