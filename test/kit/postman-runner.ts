/**
 * Runs a Postman v2.1 collection as Postman would after import: `{{variables}}`, path variables and
 * ticked query parameters filled in, the collection's auth unless a request has its own, and each
 * request's test script run against its response (in a VM, with the `pm` calls the scripts use).
 */
import { runInNewContext } from 'node:vm';
import { requests } from '../../scripts/postman.js';

type Json = Record<string, any>;

/** Sends every request of `collection` to `baseUrl`, POST requests (authenticate) first; `body` is merged into JSON bodies. */
export async function runCollection(collection: Json, baseUrl: string, body: Json): Promise<{ statuses: Record<string, number>; variables: Map<string, string> }> {
  const variables = new Map<string, string>((collection.variable as Json[]).map((v) => [v.key, v.value]));
  variables.set('baseUrl', baseUrl);
  const statuses: Record<string, number> = {};
  const ordered = requests(collection).sort((a, b) => Number(b.request.method === 'POST') - Number(a.request.method === 'POST'));
  for (const item of ordered) {
    const response = await send(item.request, collection.auth, variables, body);
    statuses[item.name] = response.status;
    for (const event of (item.event ?? []) as Json[]) {
      const json: unknown = await response.clone().json();
      const pm = { response: { code: response.status, json: () => json }, collectionVariables: { set: (k: string, v: string) => variables.set(k, v) } };
      runInNewContext((event.script.exec as string[]).join('\n'), { pm });
    }
  }
  return { statuses, variables };
}

async function send(request: Json, collectionAuth: Json, variables: Map<string, string>, extraBody: Json): Promise<Response> {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables.get(name) ?? '');
  const url = request.url as Json;
  const pathVars = new Map<string, string>(((url.variable ?? []) as Json[]).map((v) => [v.key, v.value]));
  const path = (url.path as string[]).map((segment) => (segment.startsWith(':') ? encodeURIComponent(pathVars.get(segment.slice(1)) ?? '') : segment)).join('/');
  const query = ((url.query ?? []) as Json[]).filter((q) => !q.disabled).map((q) => `${q.key}=${encodeURIComponent(fill(q.value))}`);
  const headers = new Headers(((request.header ?? []) as Json[]).map((h) => [h.key, fill(h.value)] as [string, string]));
  const auth = request.auth ?? collectionAuth;
  if (auth?.type === 'bearer') headers.set('Authorization', `Bearer ${fill((auth.bearer as Json[]).find((b) => b.key === 'token')!.value)}`);
  const body = request.body?.raw === undefined ? undefined : JSON.stringify({ ...JSON.parse(request.body.raw), ...extraBody });
  return fetch(`${fill(url.host.join('.'))}/${path}${query.length ? `?${query.join('&')}` : ''}`, { method: request.method, headers, ...(body ? { body } : {}) });
}
