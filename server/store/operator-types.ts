/**
 * What the store keeps for the studio API's sign-in: operators (local accounts, or accounts that
 * sign in through the studio's identity provider) and their sessions. Both engines implement it
 * through shared/operator-queries.ts.
 */
import type { Role } from '../contract/load.js';
import type { Page, PageRequest } from './types.js';

export interface OperatorRecord {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  role: Role;
  disabled: boolean;
  /** scrypt hash of the local password (server/auth/secrets.ts); null for an account that only signs in through the identity provider. */
  passwordHash: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionRecord {
  /** SHA-256 of the cookie's token: the token itself is never stored. */
  idHash: string;
  operatorId: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export type OperatorChange = { role?: Role | undefined; disabled?: boolean | undefined };

/** Why an operator change was refused. */
export type OperatorChangeRefusal = 'not_found' | 'last_owner';

/** A new local or OIDC operator as written (StoreTx.createOperator). */
export type NewOperatorInput = { id: string; email: string; role: Role; passwordHash: string | null; now: string };

/** An operator change as applied: the record before and after, or why it was refused. */
export type OperatorUpdate = { before: OperatorRecord; after: OperatorRecord } | OperatorChangeRefusal;

/** Operator reads and sessions; operator changes go through StoreTx with their audit entries (server/services/operators.ts). */
export interface OperatorStore {
  getOperator(id: string): Promise<OperatorRecord | undefined>;
  getOperatorByEmail(email: string): Promise<OperatorRecord | undefined>;
  /** By email. */
  listOperators(page: PageRequest): Promise<Page<OperatorRecord>>;
  createSession(session: Omit<SessionRecord, 'revokedAt'>): Promise<void>;
  /** The session and its operator, whatever their state (the caller checks expiry, revocation, disabling). */
  getSession(idHash: string): Promise<{ session: SessionRecord; operator: OperatorRecord } | undefined>;
  revokeSession(idHash: string, now: string): Promise<void>;
}
