/**
 * The typed Partner Catalog API client: `import { createPartnerClient } from 'partner-catalog-access/client'`.
 * See the README section "Integrate as a partner".
 */
export { createPartnerClient, type PartnerClient, type PartnerClientOptions } from './client.js';
export { PartnerApiError, PartnerClientError, PartnerNetworkError, type Problem, type ProblemCode } from './errors.js';
export { items, pages, type Page, type PageFetcher } from './pagination.js';
export {
  backoff,
  defaultRetryConfig,
  parseRateLimitReset,
  parseRetryAfter,
  retryDecision,
  type RetryConfig,
  type RetryDecision,
  type RetryInput,
} from './retry.js';
export type { CallOptions, RetryEvent } from './transport.js';
export type * from './types.js';
export type { components, operations, paths } from '../generated/api.js';
