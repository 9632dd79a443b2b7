/**
 * The two reads every authenticated request makes on SQLite (the partner's current state, and the
 * content version for the response cache), answered from memory while the database is unchanged.
 * "Unchanged" is one cheap statement: SQLite's data_version moves when any other connection (the
 * admin CLI, another instance) commits, total_changes() when this one writes. Reading both rows
 * instead cost far more under load (docs/decisions/0033-partner-state-on-sqlite.md,
 * docs/performance.md#sqlite-partner-state), and revocation stays
 * immediate: the next request after a commit reads the rows again. The statements run on the raw
 * connection (synchronous, so they cannot interleave with a kysely query); inside another
 * request's open kysely transaction they see that transaction's snapshot, which is at most as old
 * as that transaction.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { num } from '../shared/mapping.js';
import { partnerRecord } from '../shared/partners.js';
import type { PartnerTable } from '../shared/schema.js';
import type { PartnerRecord } from '../records.js';

interface Memo {
  changes: string;
  partners: Map<string, PartnerRecord | undefined>;
  contentVersion: number | undefined;
}

/** Partners remembered at most; past this the memo starts again. */
const MAX_PARTNERS = 10_000;

export class UnchangedReads {
  private statements?: { changes: StatementSync; partner: StatementSync; version: StatementSync };
  private checkedThisTurn = false;
  private memo: Memo = { changes: '', partners: new Map(), contentVersion: undefined };

  constructor(private readonly raw: DatabaseSync) {}

  /** The partner (undefined when unknown). */
  partner(id: string): PartnerRecord | undefined {
    return this.partnerFrom(this.current(), id);
  }

  /** The partner and the content version, from one memo (one change check), as one statement would read them. */
  partnerState(id: string): { partner: PartnerRecord | undefined; contentVersion: number } {
    const memo = this.current();
    return { partner: this.partnerFrom(memo, id), contentVersion: this.versionFrom(memo) };
  }

  /** This connection is about to write: the next read checks for changes again. */
  changedHere(): void {
    this.checkedThisTurn = false;
  }

  /** The memo, emptied first when the database changed since it was filled. */
  private current(): Memo {
    // Prepared on first use, after migrations created content_version.
    if (!this.statements) {
      const changes = this.raw.prepare('select data_version, total_changes() from pragma_data_version');
      changes.setReturnArrays(true);
      this.statements = {
        changes,
        partner: this.raw.prepare('select * from partners where id = ?'),
        version: this.raw.prepare('select version from content_version where id = 1'),
      };
    }
    // Inside one of this connection's transactions (awaiting between statements) rows may be uncommitted: never remember them.
    if (this.raw.isTransaction) return { changes: '', partners: new Map(), contentVersion: undefined };
    // Once per event-loop turn: every request handled in a turn was already received when the
    // turn began, so one reading taken during the turn is a moment inside each of their lifetimes.
    if (this.checkedThisTurn) return this.memo;
    this.checkedThisTurn = true;
    setImmediate(() => {
      this.checkedThisTurn = false;
    });
    const [dataVersion, ownChanges] = this.statements.changes.get() as unknown as [number, number];
    const changes = `${dataVersion}:${ownChanges}`;
    if (changes !== this.memo.changes || this.memo.partners.size > MAX_PARTNERS) {
      this.memo = { changes, partners: new Map(), contentVersion: undefined };
    }
    return this.memo;
  }

  private partnerFrom(memo: Memo, id: string): PartnerRecord | undefined {
    if (memo.partners.has(id)) return memo.partners.get(id);
    const row = this.statements!.partner.get(id) as PartnerTable | undefined;
    const record = row && Object.freeze(partnerRecord(row));
    memo.partners.set(id, record);
    return record;
  }

  private versionFrom(memo: Memo): number {
    memo.contentVersion ??= num((this.statements!.version.get() as { version: unknown } | undefined)?.version);
    return memo.contentVersion;
  }
}
