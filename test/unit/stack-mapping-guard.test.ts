/**
 * src/run-targets/stack-mapping-guard.ts: a stack trace mapper that throws (vite's,
 * on a module the transform cache handed over as bytes) does not replace the
 * stack that was asked for; a mapper that works is left to do its work.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { guardStackMapping } from '../../src/run-targets/stack-mapping-guard.ts';

const installed = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = installed;
});

describe('the stack mapping guard', () => {
  it('gives a stack its mapper throws on unmapped, header and frames, instead of the mapper’s error', () => {
    Error.prepareStackTrace = () => {
      throw new TypeError('code.charCodeAt is not a function');
    };
    guardStackMapping();
    const stack = new RangeError('the login was refused').stack ?? '';
    expect(stack.split('\n')[0]).toBe('RangeError: the login was refused');
    expect(stack).toMatch(/\n {4}at .*stack-mapping-guard\.test\.ts:\d+:\d+/);
    expect(stack).not.toContain('charCodeAt');
  });

  it('leaves a mapper that works to map, and wraps only once', () => {
    Error.prepareStackTrace = (error) => `mapped: ${error.message}`;
    guardStackMapping();
    const once = Error.prepareStackTrace;
    guardStackMapping();
    expect(Error.prepareStackTrace).toBe(once);
    expect(new Error('kept').stack).toBe('mapped: kept');
  });
});
