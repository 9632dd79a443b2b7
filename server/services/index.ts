/**
 * The service layer: what both the studio API and the admin CLI call to change things (each change
 * also written to the audit trail) and the studio's reads. Import it as a namespace:
 * `import * as services from '../services/index.js'`.
 */
export * as audit from './audit.js';
export { securityEvents, SECURITY_EVENTS, type SecurityEvent, type SecurityEvents, type SecurityEventType } from './security-events.js';
export * as catalog from './catalog-import.js';
export * as changeFeed from './change-feed.js';
export * as grants from './grants.js';
export * as grantJobs from './grant-jobs.js';
export * as partners from './partners.js';
export * as usage from './usage-reports.js';
export * as webhooks from './webhooks.js';
export { actorKey, cliActor, type Actor, type ServiceContext, type ServiceStore } from './context.js';
export { InvalidInputError, NotFoundError, type MissingKind } from './errors.js';
