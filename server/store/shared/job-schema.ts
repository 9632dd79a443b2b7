/** The columns import_jobs gained when it began to hold grant jobs too (migrations/job-kinds.ts); schema.ts's ImportJobTable extends them. */
export interface JobColumns {
  /** `catalog.import`, `grants.match` or `grants.copy` (rows of earlier releases: `catalog.import`). */
  kind: string;
  /** The partner a grant job changes; null for imports. */
  partner_id: string | null;
}
