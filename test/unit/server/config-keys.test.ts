/**
 * Signing key lists: a token, stream URL or cursor names the key that signed it, so a key id
 * given twice (with one of two secrets verifying) is refused when the configuration is read.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';

const secret = (fill: number) => Buffer.alloc(32, fill).toString('base64url');
const jwk = (kid: string) => ({ kty: 'EC', crv: 'P-256', d: 'd', x: 'x', y: 'y', kid });

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('signing key lists', () => {
  it.each([
    ['STREAM_SIGNING_KEYS', `k1=${secret(1)},k1=${secret(2)}`],
    ['CURSOR_SIGNING_KEYS', `c1=${secret(1)},c2=${secret(2)},c1=${secret(3)}`],
    ['JWT_SIGNING_KEYS', JSON.stringify([jwk('j1'), jwk('j2'), jwk('j1')])],
  ])('%s with a key id given twice is refused, without printing a secret', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toEqual([expect.stringContaining(name)]);
    expect(problems.join('\n')).not.toContain(secret(1));
  });

  it.each([
    ['STREAM_SIGNING_KEYS', `k2=${secret(1)},k1=${secret(2)}`],
    ['CURSOR_SIGNING_KEYS', `c1=${secret(1)},c2=${secret(2)}`],
    ['JWT_SIGNING_KEYS', JSON.stringify([jwk('j2'), jwk('j1')])],
  ])('%s with distinct ids is read', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([]);
  });
});
