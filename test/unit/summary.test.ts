import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/report/summary.ts';

describe('the console summary', () => {
  it('names the target in its first line, so an embedded run is never mistaken for staging', () => {
    const text = formatSummary({ checks: [{ project: 'embedded 8.0', file: 'x', id: 'auth.state-echo', name: 'n', state: 'passed' }], errors: [] }, 'the EMBEDDED SIMULATOR');
    const firstLine = text.split('\n').find((line) => line.trim() !== '');
    expect(firstLine).toBe('upgrade-guard summary: the EMBEDDED SIMULATOR');
    expect(text).toContain('embedded 8.0');
  });
});

describe('the console summary groups the findings by endpoint', () => {
  const configurations = 'GET /rest/mp/v1.1/ai-tagging/configurations';
  const checks = [
    { project: 'staging 8.0', file: 'x', id: 'media.ai-tagging-configurations.served', name: 'n', state: 'failed', endpoint: configurations, error: `${configurations} answered 405 (expected a 2xx); spec §4.4 lists it; what to do: ask the vendor` },
    { project: 'staging 8.0', file: 'x', id: 'media.ai-tagging-configurations.role-required', name: 'n', state: 'skipped', endpoint: configurations, finding: 'media.ai-tagging-configurations.served', note: `not checked: ${configurations} is not served (405; finding media.ai-tagging-configurations.served)` },
    { project: 'staging 8.0', file: 'x', id: 'auth.state-echo', name: 'n', state: 'failed', error: 'state not echoed' },
  ] as const;

  it('heads each endpoint with its failed checks and the checks not checked because of it, then the rest', () => {
    const lines = formatSummary({ checks, errors: [] }, 'staging').split('\n');
    const start = lines.indexOf('failed checks, by endpoint:');
    expect(lines.slice(start, start + 5)).toEqual([
      'failed checks, by endpoint:',
      `  ${configurations}: media.ai-tagging-configurations.served; not checked because of it: media.ai-tagging-configurations.role-required`,
      `    ✗ staging 8.0 media.ai-tagging-configurations.served: ${configurations} answered 405 (expected a 2xx); spec §4.4 lists it; what to do: ask the vendor`,
      '  not about one endpoint:',
      '    ✗ staging 8.0 auth.state-echo: state not echoed',
    ]);
  });
});

describe('the console summary of a target that served no module endpoint', () => {
  const served = (id: string, state: 'passed' | 'failed') => ({ project: 'target 8.0', file: 'x', id, name: 'n', state, endpoint: `GET /${id}`, observed: state === 'failed' ? '404' : '200' }) as const;
  const hint = "all 3 module endpoints the spec lists as served answered 404 or 405 on target 8.0: check that BASE_URL is the platform's root (a wrong path gets 404 everywhere) before asking the vendor";

  it('says to check BASE_URL when every served check failed, three or more', () => {
    const checks = [served('job.my-active.served', 'failed'), served('planning.view-all.served', 'failed'), served('media.asset.served', 'failed')];
    expect(formatSummary({ checks, errors: [] }, 'target').split('\n')).toContain(`       ${hint}`);
  });

  it('says nothing of BASE_URL when one module endpoint answered, or when fewer than three were asked', () => {
    const oneServed = [served('job.my-active.served', 'failed'), served('planning.view-all.served', 'failed'), served('media.asset.served', 'passed')];
    expect(formatSummary({ checks: oneServed, errors: [] }, 'target')).not.toContain('BASE_URL');
    const two = [served('media.asset.served', 'failed'), served('media.archive.served', 'failed')];
    expect(formatSummary({ checks: two, errors: [] }, 'target')).not.toContain('BASE_URL');
  });
});

describe('the console summary of a run cut short', () => {
  const passed = (project: string) => ({ project, file: 'x', id: `auth.state-echo`, name: 'n', state: 'passed' }) as const;
  const subset = ["INCOMPLETE: the run of target 8.0 ran out of time (RUN_TIMEOUT_S=2 s); only its checks that finished"];

  it('calls every target cut, never ok, unless told which targets it lacks checks of', () => {
    const lines = formatSummary({ checks: [passed('target 7.4'), passed('target 8.0')], errors: [] }, 'targets', subset).split('\n');
    expect(lines).toContain('  cut  target 7.4     1 passed, 0 failed, 0 skipped');
    expect(lines).toContain('  cut  target 8.0     1 passed, 0 failed, 0 skipped');
    const merged = formatSummary({ checks: [passed('target 7.4'), passed('target 8.0')], errors: [] }, 'targets', subset, { cutTargets: ['target 8.0'] }).split('\n');
    expect(merged).toContain('  ok   target 7.4     1 passed, 0 failed, 0 skipped');
    expect(merged).toContain('  cut  target 8.0     1 passed, 0 failed, 0 skipped');
  });
});
