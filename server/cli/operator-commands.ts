/**
 * `operator create`: the first studio operator (and any other), with a one-time initial password.
 * `operator unbind-identity`: forgets the identity provider's account an operator signs in with.
 * `operator reset-password`: a one-time link to set a new password; `operator reset-mfa`: its second factor off.
 */
import type { Role } from '../contract/load.js';
import { loadStudioContract, ROLES } from '../contract/studio.js';
import { createResetLink, resetSecondFactor } from '../services/operator-accounts.js';
import { unbindOperatorIdentities } from '../services/operator-identities.js';
import { createOperator } from '../services/operators.js';
import { serviceContext, type Command } from './command.js';
import { CliError, EXIT, notFound, usageError } from './errors.js';

const RESET_NOTE = 'The link works once, until it expires; only a hash of it is stored. Hand it to the operator securely.';
const PASSWORD_NOTE = 'The initial password is shown only this once: only its hash is stored. Hand it to the operator securely.';
/** The contract's Email bounds; the studio API checks the format itself when the operator signs in. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const create: Command = {
  words: ['operator', 'create'],
  usage: '--email <email> --role viewer|editor|owner',
  summary: 'create a studio operator and print its initial password (shown once)',
  arity: [0, 0],
  options: ['email', 'role'],
  async run(ctx, _args, values) {
    const email = values.email?.trim() ?? '';
    if (!EMAIL.test(email) || email.length > 254) throw usageError('--email needs an email address');
    const role = values.role as Role | undefined;
    if (!role || !ROLES.includes(role)) throw usageError(`--role needs one of ${ROLES.join(', ')}`);
    const created = await createOperator(await serviceContext(ctx), email, role, 'operator.create');
    if (!created) throw new CliError(`an operator with email ${email.toLowerCase()} exists already`, EXIT.failed, 'conflict');
    const { operator, initialPassword } = created;
    ctx.out.result({ operator_id: operator.id, email: operator.email, role: operator.role, initial_password: initialPassword, note: PASSWORD_NOTE }, () => [
      `operator_id:       ${operator.id}`,
      `email:             ${operator.email}`,
      `role:              ${operator.role}`,
      `initial_password:  ${initialPassword}`,
      '',
      'Sign in at the studio API: POST /api/studio/session with the email and this password.',
      PASSWORD_NOTE,
    ]);
  },
};

const unbindIdentity: Command = {
  words: ['operator', 'unbind-identity'],
  usage: '--email <email>',
  summary: "forget the identity provider's account an operator signs in with, so the next one it signs in with binds",
  arity: [0, 0],
  options: ['email'],
  async run(ctx, _args, values) {
    const email = values.email?.trim() ?? '';
    if (!EMAIL.test(email) || email.length > 254) throw usageError('--email needs an email address');
    const result = await unbindOperatorIdentities(await serviceContext(ctx), email);
    if (!result) throw notFound(`no operator with email ${email.toLowerCase()}`);
    const removed = result.removed.map((r) => ({ issuer: r.issuer, subject: r.subject }));
    ctx.out.result({ operator_id: result.operator.id, email: result.operator.email, removed }, () => [
      removed.length ? `${result.operator.email}: unbound ${removed.map((r) => `${r.subject} at ${r.issuer}`).join(', ')}` : `${result.operator.email} was bound to no identity provider account`,
      'Its next sign-in through the identity provider binds the account it uses.',
    ]);
  },
};

const resetPassword: Command = {
  words: ['operator', 'reset-password'],
  usage: '<email>',
  summary: 'print a one-time link that lets the operator set a new password (expires; ends earlier links)',
  arity: [1, 1],
  options: [],
  async run(ctx, args) {
    const email = args[0]!.trim();
    if (!EMAIL.test(email) || email.length > 254) throw usageError('<email> needs an email address');
    const { passwordResetTtlMs } = loadStudioContract();
    const link = await createResetLink(await serviceContext(ctx), { email }, passwordResetTtlMs);
    if (!link) throw new CliError(`no operator with email ${email.toLowerCase()}`, EXIT.failed, 'not_found');
    const url = ctx.studioOrigin + link.path;
    ctx.out.result({ email: email.toLowerCase(), reset_url: url, expires_at: link.expiresAt, note: RESET_NOTE }, () => [
      `reset_url:   ${url}`,
      `expires_at:  ${link.expiresAt}`,
      '',
      RESET_NOTE,
    ]);
  },
};

const resetMfa: Command = {
  words: ['operator', 'reset-mfa'],
  usage: '<email>',
  summary: "turn off an operator's second factor (a lost authenticator) and end its sessions",
  arity: [1, 1],
  options: [],
  async run(ctx, args) {
    const email = args[0]!.trim();
    if (!EMAIL.test(email) || email.length > 254) throw usageError('<email> needs an email address');
    const result = await resetSecondFactor(await serviceContext(ctx), { email });
    if (!result) throw new CliError(`no operator with email ${email.toLowerCase()}`, EXIT.failed, 'not_found');
    if (result === 'not_enabled') throw new CliError(`${email.toLowerCase()} has no second factor`, EXIT.failed, 'conflict');
    ctx.out.result({ email: email.toLowerCase(), mfa_enabled: false }, () => [`${email.toLowerCase()}: second factor off, sessions ended; it signs in with its password and can enrol again.`]);
  },
};

export const operatorCommands: readonly Command[] = [create, unbindIdentity, resetPassword, resetMfa];
