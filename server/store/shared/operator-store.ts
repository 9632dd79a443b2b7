/** The studio API's operators and sessions (operator-types.ts) over the shared skeleton. */
import * as oq from './operator-queries.js';
import { StudioStoreBase } from './studio-store.js';
import type * as O from '../operator-types.js';
import type * as T from '../types.js';

export abstract class OperatorStoreBase extends StudioStoreBase implements O.OperatorStore {
  async getOperator(id: string): Promise<O.OperatorRecord | undefined> {
    return this.guard(() => oq.findOperator(this.db, 'id', id));
  }

  async getOperatorByEmail(email: string): Promise<O.OperatorRecord | undefined> {
    return this.guard(() => oq.findOperator(this.db, 'email', email));
  }

  async listOperators(page: T.PageRequest): Promise<T.Page<O.OperatorRecord>> {
    return this.paged(page, () => oq.listOperators(this.db, page, this.cursors));
  }

  async createSession(session: Omit<O.SessionRecord, 'revokedAt'>): Promise<void> {
    await this.guard(() => oq.createSession(this.db, session));
  }

  async getSession(idHash: string): Promise<{ session: O.SessionRecord; operator: O.OperatorRecord } | undefined> {
    return this.guard(() => oq.getSession(this.db, idHash));
  }

  async revokeSession(idHash: string, now: string): Promise<void> {
    await this.guard(() => oq.revokeSession(this.db, idHash, now));
  }
}
