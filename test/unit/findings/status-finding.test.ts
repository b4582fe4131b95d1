import { describe, expect, it } from 'vitest';
import { expectStatus, nextStepFor, statusFindingMessage, targetErrorText } from '../../../src/check/status-finding.ts';

describe("a status finding's headline: the spec's promise, the target's answer and its own words, the next step", () => {
  it("quotes the target's validation message (Spring Boot's error attributes) and the recipe's next step for a refused value", () => {
    const body = JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', status: 422, error: 'Unprocessable Entity', message: 'states[1]: must be one of [ACTIVE, CLOSED]', path: '/dse/rest/v1.0/jobs/_search' });
    const message = statusFindingMessage(
      { status: 422, text: body },
      {
        call: 'POST /dse/rest/v1.0/jobs/_search',
        spec: '§4.2',
        promise: 'lists ACTIVE and PENDING among the values of `states` (§2, §3)',
        onRefusal: 'send only the states the target accepts',
      },
    );
    expect(message).toBe(
      "POST /dse/rest/v1.0/jobs/_search answered 422: 'states[1]: must be one of [ACTIVE, CLOSED]; Unprocessable Entity' (expected a 2xx); " +
        'spec §4.2 lists ACTIVE and PENDING among the values of `states` (§2, §3); what to do: send only the states the target accepts',
    );
    expect(message).not.toContain('to be less than');
  });

  it('reads an RFC 9457 problem (detail, then title) and Bean Validation errors', () => {
    expect(targetErrorText(JSON.stringify({ type: 'about:blank', title: 'Bad Request', detail: 'states: PENDING is not a JobState' }))).toBe('states: PENDING is not a JobState; Bad Request');
    expect(targetErrorText(JSON.stringify({ errors: [{ field: 'states[1]', defaultMessage: 'unknown value' }] }))).toBe('states[1]: unknown value');
    expect(targetErrorText('<html><body>Method Not Allowed</body></html>')).toBe('<html><body>Method Not Allowed</body></html>');
    expect(targetErrorText('')).toBeUndefined();
    expect(targetErrorText('x'.repeat(1000))?.length).toBeLessThanOrEqual(241);
  });

  it('names the replacement for a route that is not served, and a step per status otherwise', () => {
    expect(nextStepFor(404, { replacement: 'GET /rest/mp/v1.2/x' })).toContain('move to GET /rest/mp/v1.2/x (spec §9.4)');
    expect(nextStepFor(405, {})).toContain('ask the vendor where this version serves the endpoint');
    expect(nextStepFor(403, {})).toContain('roles');
    expect(nextStepFor(503, {})).toContain("target's log");
    expect(nextStepFor(422, {})).toContain('what its message asks for');
  });

  it('fails as the target\'s break (an assertion), and passes a status that keeps the promise', () => {
    expect(() => expectStatus({ status: 200, text: '{}' }, { call: 'GET /x', spec: '§4.2', promise: 'p' })).not.toThrow();
    expect(() => expectStatus({ status: 201, text: '' }, { call: 'POST /x', spec: '§4.2', promise: 'p', accepted: [200] })).toThrow(/POST \/x answered 201 \(expected 200\)/);
    try {
      expectStatus({ status: 404, text: '' }, { call: 'GET /x', spec: '§4.2', promise: 'p' });
    } catch (error) {
      expect((error as Error).name).toBe('AssertionError');
    }
  });
});
