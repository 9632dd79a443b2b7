/**
 * The webhook delivery settings (WEBHOOK_*), parsed with the rest of the configuration
 * (server/config.ts) and listed in docs/operations.md. The retry schedule is Standard Webhooks'
 * (docs/decisions/0115-webhook-retries-and-disabling.md): after the first attempt fails, retries
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (about 28 h of retries; an endpoint failing
 * every one is disabled).
 */

export interface WebhookConfig {
  /** Seconds before each retry, in order; after the last fails the delivery fails and its endpoint is disabled. */
  retrySeconds: number[];
  /** Each delay is stretched by up to this fraction at random, so retries of many endpoints do not come in step. */
  jitter: number;
  /** Bound on one attempt: connecting, sending and the answer's status and first bytes. */
  timeoutMs: number;
  /** Attempts in flight at once per instance. */
  concurrency: number;
  /** How often the loop looks for new events and due deliveries when it found none. */
  pollMs: number;
  /** WEBHOOK_ALLOW_PRIVATE=1: endpoints may be private, loopback and link-local addresses (tests, closed networks). */
  allowPrivate: boolean;
  /** Host names that may resolve to private addresses all the same (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** WEBHOOK_DELIVERY=0 turns this instance's delivery loop off (another instance delivers). */
  deliver: boolean;
}

export const DEFAULT_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  return fallback;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === '0') return raw === '1';
  problems.push(`${name} must be 0 or 1 (got "${raw}")`);
  return fallback;
}

function retrySchedule(raw: string | undefined, problems: string[]): number[] {
  if (raw === undefined || raw === '') return DEFAULT_RETRY_SECONDS;
  const seconds = raw.split(',').map((s) => Number(s.trim()));
  if (seconds.length > 0 && seconds.length <= 50 && seconds.every((s) => Number.isFinite(s) && s >= 0 && s <= 7 * 86_400)) return seconds;
  problems.push(`WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of 1 to 50 delays in seconds, each at most 7 days (got "${raw}")`);
  return DEFAULT_RETRY_SECONDS;
}

export function parseWebhookConfig(env: NodeJS.ProcessEnv, problems: string[]): WebhookConfig {
  return {
    retrySeconds: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE, problems),
    jitter: int(env, 'WEBHOOK_JITTER_PERCENT', 10, 0, 100, problems) / 100,
    timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000, problems),
    concurrency: int(env, 'WEBHOOK_CONCURRENCY', 4, 1, 256, problems),
    pollMs: int(env, 'WEBHOOK_POLL_MS', 1_000, 10, 60_000, problems),
    allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false, problems),
    allowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    deliver: flag(env, 'WEBHOOK_DELIVERY', true, problems),
  };
}
