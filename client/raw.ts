/**
 * The openapi-fetch client handed out as `client.raw`, over the authorized, retrying fetch. A
 * caller's `signal` is taken out of the request and handed to the transport as a call option, as
 * the typed methods do: a signal inside a Request would be rebuilt from clones on the way, which
 * Node's fetch forgets after a garbage collection (see transport.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api.js';
import type { Send } from './transport.js';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

type Init = { signal?: AbortSignal | null; fetch?: unknown; [option: string]: unknown };
type Call = (path: string, init?: Init) => Promise<unknown>;

export function rawClient(baseUrl: string, send: Send): Client<paths> {
  const base = createClient<paths>({ baseUrl, fetch: (request) => send(request) });
  const lifted = (call: Call): Call => (path, init = {}) => {
    // A fetch of the caller's own bypasses the client altogether, as openapi-fetch documents.
    if (init.fetch) return call(path, init);
    const { signal, ...rest } = init;
    return call(path, { ...rest, fetch: (request: Request) => send(request, signal ? { signal } : {}) });
  };
  const client = { ...base } as unknown as Record<(typeof METHODS)[number], Call> & Client<paths>;
  for (const method of METHODS) (client as Record<string, Call>)[method] = lifted((base[method] as unknown as Call).bind(base));
  const request = base.request as unknown as (method: string, path: string, init?: Init) => Promise<unknown>;
  (client as { request: unknown }).request = (method: string, path: string, init?: Init) => lifted((p, i) => request(method, p, i))(path, init);
  return client;
}
