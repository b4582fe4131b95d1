/**
 * The message a person needs is the headline everywhere
 * (Allure's statusDetails.message, the console summary, the migration report),
 * and a break by the target is Failed in Allure, only our own crash Broken.
 */
import { describe, expect, it } from 'vitest';
import { getStatusFromError } from 'allure-js-commons/sdk';
import type { PlatformApi } from '../../src/api/platform-api.ts';
import { citingSection, readableFailure, targetBreak } from '../../src/check/failure.ts';
import { dynamicServiceIds, visibleTemplateIds } from '../../src/fixtures/discovery/template-builder.ts';
import { httpResponse } from '../support/http-response.ts';
import { failureLines } from '../../src/report/summary.ts';

const problems = Array.from({ length: 13 }, (_, index) => `/items/${index}/assignment/assignees/0/uuid: expected a value in format uuid, got "10${index}"`);

function thrownBy(assertion: () => void): Error {
  try {
    assertion();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('the assertion did not throw');
}

describe('failure messages', () => {
  it('an "expected none" list becomes its problems: the label and the first in the headline, every other on its own line', () => {
    const error = thrownBy(() => expect(problems, 'AssignmentDto in GET /rm/rest/v1.0/reviews/7 against 8.0/assignment').toEqual([]));
    expect(error.message).toContain('…(13)');
    const message = (readableFailure(error) as Error).message;
    const lines = message.split('\n');
    expect(lines[0]).toBe(`AssignmentDto in GET /rm/rest/v1.0/reviews/7 against 8.0/assignment: ${problems[0]} (+12 more)`);
    expect(lines.slice(1).map((line) => line.trim())).toEqual(problems.slice(1));
    expect(message).not.toMatch(/…|deeply equal/);
  });

  it('a toBe of two scalars says what came and what was due, never chai\'s "expected 200 to be 403 // Object.is equality"', () => {
    const labelled = thrownBy(() => expect(200, 'GET /maps/rest/api/v1.0/view/all with an expired token').toBe(403));
    expect((readableFailure(labelled) as Error).message).toBe('GET /maps/rest/api/v1.0/view/all with an expired token: got 200, expected 403');
    expect((readableFailure(thrownBy(() => expect('Bearer', 'token_type').toBe('bearer'))) as Error).message).toBe('token_type: got "Bearer", expected "bearer"');
    expect((readableFailure(thrownBy(() => expect(true).toBe(false))) as Error).message).toBe('got true, expected false');
    // Its stack is its message: no frame of ours reads as a crash in Allure's trace, no chai wording stays behind.
    expect((readableFailure(labelled) as Error).stack).toBe('AssertionError: GET /maps/rest/api/v1.0/view/all with an expired token: got 200, expected 403');
    // Our own defect (Broken in Allure) keeps its frames.
    expect((readableFailure(new TypeError('x is undefined')) as Error).stack).toMatch(/\n\s+at /);
    // A failed .not.toBe says what came again.
    expect((readableFailure(thrownBy(() => expect('sha256:48704768', 'a new refresh token').not.toBe('sha256:48704768'))) as Error).message).toBe('a new refresh token: got "sha256:48704768", expected any other value');
    // Other failures keep their message.
    const deep = thrownBy(() => expect({ a: 1 }).toEqual({ a: 2 }));
    const before = deep.message;
    expect((readableFailure(deep) as Error).message).toBe(before);
  });

  it('a target\'s break that cites no section gets the check\'s own, on its headline; one that cites one keeps it', () => {
    const schema = readableFailure(thrownBy(() => expect('/assetSets: expected a value (required property), got nothing', 'body against 8.0/asset').toBe('')));
    expect((citingSection(schema, '§4.4') as Error).message).toBe('body against 8.0/asset: /assetSets: expected a value (required property), got nothing (spec §4.4)');
    const cited = targetBreak("GET /x answered 500 (expected 404); spec §7 lists 404 for …\n  more");
    expect((citingSection(cited, '§7') as Error).message).toBe("GET /x answered 500 (expected 404); spec §7 lists 404 for …\n  more");
    expect((citingSection(targetBreak('GET /x answered a body that differs:\n  /a: got 1'), '§4.4') as Error).message).toBe('GET /x answered a body that differs (spec §4.4):\n  /a: got 1');
    // Our own defect is not the target's break: no section is put on it.
    expect((citingSection(new TypeError('x is undefined'), '§4.4') as Error).message).toBe('x is undefined');
  });

  it('an "expected empty text" of ajv lines becomes the lines, never a cut string', () => {
    const text = problems.slice(0, 3).join('\n');
    const error = thrownBy(() => expect(text, 'body against 8.0/assignment').toBe(''));
    const message = (readableFailure(error) as Error).message;
    expect(message.split('\n')[0]).toBe(`body against 8.0/assignment: ${problems[0]} (+2 more)`);
    expect(message).toContain(problems[2]);
  });

  it('other assertions keep their message (the observed status is in it)', () => {
    const error = thrownBy(() => expect([404, 405] as number[], 'GET /x still answers').toContain(200));
    const before = error.message;
    expect((readableFailure(error) as Error).message).toBe(before);
  });

  it('Allure files a break by the target and a rewritten assertion as Failed, our own crash as Broken', () => {
    expect(getStatusFromError(targetBreak('the target breaks the contract "x":\nStatusMismatch: expected 200 but was 400'))).toBe('failed');
    expect(getStatusFromError(readableFailure(thrownBy(() => expect(problems).toEqual([]))) as Error)).toBe('failed');
    expect(getStatusFromError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe('broken');
    // vitest hands the reporter a serialized copy: the name carries the verdict across.
    const serialized = JSON.parse(JSON.stringify({ name: targetBreak('x').name, message: 'x' })) as object;
    expect(getStatusFromError(serialized)).toBe('failed');
  });

  it('a body of the wrong shape is the target\'s answer: Failed, saying what was due and what came', async () => {
    // A mock built from the vendor's documents serves their examples, which are JSON strings of the page.
    const page = JSON.stringify({ rows: [{ id: 301, name: 'Shelf talker' }], success: true, results: 1 });
    const listing = { call: async () => httpResponse(200, JSON.stringify(page), { url: 'http://127.0.0.1:1/wp/rest/templates/newest', contentType: 'application/json' }) };
    // Only `call` is used: a stub API that answers every request with the listing.
    const api = listing as unknown as PlatformApi;
    for (const [read, due] of [[visibleTemplateIds, 'the page { rows, success, results }'], [dynamicServiceIds, 'the array of dynamic services']] as const) {
      const thrown = await read(api).then(() => undefined, (error: unknown) => error);
      const failure = readableFailure(thrown);
      expect(failure instanceof Error && getStatusFromError(failure)).toBe('failed');
      const message = failure instanceof Error ? failure.message : '';
      expect(message).toMatch(/^TARGET_MALFORMED: GET \/wp\/rest\/[a-z/-]+: answered 200 with a JSON string "/);
      expect(message).toContain('{\\"rows\\":[{\\"id\\":301');
      expect(message.endsWith(` where ${due} is due`)).toBe(true);
    }
  });

  it('the console summary shows the headline and the lines under it, and counts what it leaves to the reports', () => {
    const message = (readableFailure(thrownBy(() => expect(problems, 'AssignmentDto').toEqual([]))) as Error).message;
    const lines = failureLines('embedded 8.0 review.assignment', message);
    expect(lines[0]).toBe(`  ✗ embedded 8.0 review.assignment: AssignmentDto: ${problems[0]} (+12 more)`);
    expect(lines.slice(1, 7).map((line) => line.trim())).toEqual(problems.slice(1, 7));
    expect(lines.at(-1)).toContain('6 more lines in the Allure report and the migration report');
  });
});
