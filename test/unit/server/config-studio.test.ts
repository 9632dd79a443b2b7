/**
 * The studio's account settings: STUDIO_REQUIRE_MFA_FOR_OWNERS is `true` or `false` (unset:
 * false), anything else refused when the configuration is read; the contract's session policy
 * (`x-session`) carries an idle timeout shorter than the absolute one and a reset link lifetime,
 * and the operations an owner may call before enrolling a second factor.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STUDIO_CONTRACT_BUNDLE } from '../../../server/platform/paths.js';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { loadStudioContract } from '../../../server/contract/studio.js';

function read(env: NodeJS.ProcessEnv): boolean | string[] {
  try {
    return loadConfig(env).requireMfaForOwners;
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('the studio account settings', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
  ])('STUDIO_REQUIRE_MFA_FOR_OWNERS=%s reads as %s', (value, expected) => {
    expect(read(value === undefined ? {} : { STUDIO_REQUIRE_MFA_FOR_OWNERS: value })).toBe(expected);
  });

  it.each(['yes', '1', 'TRUE'])('STUDIO_REQUIRE_MFA_FOR_OWNERS=%s is refused, naming the variable', (value) => {
    expect(read({ STUDIO_REQUIRE_MFA_FOR_OWNERS: value })).toEqual([expect.stringContaining('STUDIO_REQUIRE_MFA_FOR_OWNERS')]);
  });

  it('reads the idle timeout, the reset link lifetime and what an owner may do before enrolling from the contract', () => {
    const contract = loadStudioContract();
    expect(contract.idleTimeoutMs).toBe(30 * 60_000);
    expect(contract.idleTimeoutMs).toBeLessThan(contract.sessionTtlMs);
    expect(contract.passwordResetTtlMs).toBe(24 * 3_600_000);
    expect([...contract.allowedBeforeMfaEnrolment].sort()).toEqual(['confirmTotpEnrolment', 'getSession', 'signOut', 'signOutEverywhere', 'startTotpEnrolment']);
  });

  it.each([
    ['signIn', 'post', '/api/studio/session', true],
    ['listPartners', 'get', '/api/studio/partners', 'yes'],
  ])('refuses x-allowed-before-mfa-enrolment on %s (only true, only with a session)', (operationId, method, path, value) => {
    const document = JSON.parse(readFileSync(STUDIO_CONTRACT_BUNDLE, 'utf8'));
    document.paths[path][method]['x-allowed-before-mfa-enrolment'] = value;
    const file = join(mkdtempSync(join(tmpdir(), 'studio-contract-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    expect(() => loadStudioContract(file)).toThrow(`${operationId} x-allowed-before-mfa-enrolment`);
  });
});
