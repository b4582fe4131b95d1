/**
 * The nightly workflow example (.github/workflows/nightly.yml) is a file
 * GitHub must accept as it stands: it is validated with GitHub's own workflow
 * schema and parser (@actions/workflow-parser, the one behind GitHub's
 * Actions language server), and its pieces are asserted: a schedule, a shard
 * matrix whose verify step runs each shard, a merge job that needs the shards
 * and runs when they failed, the token store and the Allure history saved
 * under a new key each night and restored by prefix, the reports uploaded,
 * and secrets only in step environments.
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

  it('merges in a job that needs every shard and runs when a shard failed', () => {
    const report = workflow.jobs['report'];
    expect([report?.needs].flat()).toEqual(['verify']);
    expect(report?.if).toBe('always()');
    expect(stepOf(report as Job, 'actions/download-artifact@')[0]?.with?.['pattern']).toBe('shard-*');
    expect(report?.steps.find((step) => step.run?.includes('npm run report'))?.run).toMatch(/npm run report -- .*--history reports-history .*shards\/shard-\*/);
    expect(stepOf(report as Job, 'actions/upload-artifact@').every((step) => step.if === 'always()')).toBe(true);
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

  it('takes secrets from the secret store into step environments only, never into a command line', () => {
    for (const job of Object.values(workflow.jobs)) {
      for (const step of job.steps) expect(step.run ?? '').not.toContain('secrets.');
    }
    const env = workflow.jobs['verify']?.steps.find((step) => step.run?.includes('npm run verify'))?.env ?? {};
    expect(env['CLIENT_SECRET']).toBe('${{ secrets.STAGING_CLIENT_SECRET }}');
    expect(env['LOGIN_PASSWORD']).toBe('${{ secrets.STAGING_LOGIN_PASSWORD }}');
  });
});
