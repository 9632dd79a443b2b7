/**
 * The typed Partner Catalog API client:
 * `import { createPartnerClient } from '@halcyon-studios/partner-catalog-client'`. See README.md.
 */
export { createPartnerClient, type PartnerClient, type PartnerClientOptions, type PartnerCredentials } from './client.js';
export { PartnerApiError, PartnerClientError, PartnerNetworkError, type Problem, type ProblemCode } from './errors.js';
export { ChangeFeedReader, type FollowOptions } from './changes.js';
export { items, pages, type Page, type PageFetcher } from './pagination.js';
export { parseRateLimit, type RateLimitState } from './rate-limit.js';
export { ApiPromise, type ResponseInfo, type WithResponse } from './response.js';
export {
  backoff,
  backoffCeiling,
  defaultRetryConfig,
  hintSpread,
  parseRateLimitReset,
  parseRetryAfter,
  retryDecision,
  type RetryConfig,
  type RetryDecision,
  type RetryInput,
} from './retry.js';
export { memoryTokenStore, type TokenStore } from './token-store.js';
export { redactedHeaders, type CallOptions, type FetchLike, type RequestEvent, type ResponseEvent, type RetryEvent } from './transport.js';
export { verifyWebhook, WebhookVerificationError, type VerifiedWebhook, type VerifyWebhookOptions, type WebhookVerificationCode } from './webhooks.js';
export type * from './types.js';
export type { components, operations, paths } from './generated/api.js';
