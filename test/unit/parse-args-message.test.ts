/**
 * What node:util parseArgs refuses becomes one `USAGE:` line (src/cli/parse-args-message.ts): Node's own messages may
 * span lines or give advice about positionals that a command without them does not take.
 */
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseArgsMessage } from '../../src/cli/parse-args-message.ts';

function refusal(args: string[], allowPositionals: boolean): unknown {
  try {
    parseArgs({ args, options: { 'latency-ms': { type: 'string' } }, strict: true, allowPositionals });
  } catch (error) {
    return error;
  }
  throw new Error(`parseArgs took ${args.join(' ')}`);
}

describe('parseArgsMessage', () => {
  it('a value that starts with a dash: one line saying to give it after =', () => {
    const line = parseArgsMessage(refusal(['--latency-ms', '-5'], false));
    expect(line).toBe("Option '--latency-ms' needs a value; one that starts with '-' goes after '=' (--latency-ms=-…)");
  });

  it('an unknown option of a command without positionals keeps Node\'s words, with no advice about positionals', () => {
    expect(parseArgsMessage(refusal(['--colour'], false))).toBe("Unknown option '--colour'");
  });

  it('an unknown option of a command that takes folders says where a folder named with a dash goes', () => {
    expect(parseArgsMessage(refusal(['--colour'], true))).toBe("Unknown option '--colour' (a folder whose name starts with '-' goes after a lone --)");
  });

  it('never more than one line', () => {
    const error = Object.assign(new Error('first\nsecond\n third'), { code: 'ERR_SOMETHING_ELSE' });
    expect(parseArgsMessage(error)).toBe('first second third');
  });
});
