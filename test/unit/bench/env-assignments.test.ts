/** The benchmark scripts' `--env NAME=value` options (scripts/lib/bench-options.ts, envAssignments). */
import { describe, expect, it } from 'vitest';
import { envAssignments } from '../../../scripts/lib/bench-options.js';

describe('envAssignments', () => {
  it.each([
    [[], {}],
    [['RESPONSE_CACHE_MB=0'], { RESPONSE_CACHE_MB: '0' }],
    [['NODE_OPTIONS=--cpu-prof --cpu-prof-dir=/tmp/prof'], { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' }],
    [['EMPTY='], { EMPTY: '' }],
    [['A=1', 'A=2'], { A: '2' }],
  ])('%j gives %j', (pairs, env) => {
    expect(envAssignments(pairs)).toEqual(env);
  });

  it.each([['NAME'], ['=value'], ['']])('refuses %j', (pair) => {
    expect(() => envAssignments([pair])).toThrow(RangeError);
  });
});
