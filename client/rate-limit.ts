/**
 * The draft-8 `RateLimit` and `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers-08):
 * lists of quoted policy names with `; key=value` parameters, e.g. `"100-in-1min"; r=97; t=42`.
 */

/** What a response says about its rate limit: the quota left and when it resets. */
export interface RateLimitState {
  /** The policy's name, e.g. `100-in-1min`. */
  policy: string;
  /** Requests left in the current window. */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
  /** Requests per window, when `RateLimit-Policy` names the policy. */
  limit?: number;
  /** The window's length in milliseconds, when `RateLimit-Policy` names the policy. */
  windowMs?: number;
}

/** Each member of a header's list: its policy name and parameters. */
export function policyMembers(value: string | null): Array<{ name: string; params: Map<string, string> }> {
  if (value === null) return [];
  const members: Array<{ name: string; params: Map<string, string> }> = [];
  for (const member of value.matchAll(/"([^"]*)"((?:\s*;\s*[A-Za-z][\w-]*=[^;,]*)*)/g)) {
    const params = new Map<string, string>();
    for (const p of (member[2] ?? '').matchAll(/;\s*([A-Za-z][\w-]*)=([^;,]*)/g)) params.set(p[1]!, p[2]!.trim());
    members.push({ name: member[1]!, params });
  }
  return members;
}

const count = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);

/** The first policy of a response's `RateLimit` header, with its quota from `RateLimit-Policy`; undefined when it has none. */
export function parseRateLimit(headers: Headers): RateLimitState | undefined {
  for (const { name, params } of policyMembers(headers.get('ratelimit'))) {
    const remaining = count(params.get('r'));
    const reset = count(params.get('t'));
    if (remaining === undefined || reset === undefined) continue;
    const policy = policyMembers(headers.get('ratelimit-policy')).find((p) => p.name === name);
    const limit = count(policy?.params.get('q'));
    const window = count(policy?.params.get('w'));
    return {
      policy: name,
      remaining,
      resetMs: reset * 1000,
      ...(limit === undefined ? {} : { limit }),
      ...(window === undefined ? {} : { windowMs: window * 1000 }),
    };
  }
  return undefined;
}
