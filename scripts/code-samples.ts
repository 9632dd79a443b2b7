/**
 * The reference's per-operation samples (Redoc's `x-codeSamples`): a curl command and a TypeScript
 * client call for every operation, written from the bundled contract (server URL, path, parameter
 * and body examples) and the client's method table (client/methods.ts). `npm run generate` adds
 * them to the bundled document, so nothing here is written twice by hand: change an example or a
 * method name and every sample follows. The kit test type-checks each TypeScript sample
 * against the packed client, and runs each curl sample against the mock.
 */
import { clientMethods, type ClientMethod } from '../client/methods.js';

type Json = Record<string, any>;

export interface CodeSample {
  lang: 'Shell' | 'TypeScript';
  label: string;
  source: string;
}

/** The package name partners install; the TypeScript samples import from it. */
export const CLIENT_PACKAGE = '@halcyon-studios/partner-catalog-client';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Adds `x-codeSamples` to every operation of a bundled contract, in place; returns the document. */
export function withCodeSamples(doc: Json): Json {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      op['x-codeSamples'] = codeSamples(doc, path, method, op, item.parameters ?? []);
    }
  }
  return doc;
}

/** The samples of one operation. */
export function codeSamples(doc: Json, path: string, method: string, op: Json, pathItemParameters: Json[] = []): CodeSample[] {
  const table: Record<string, ClientMethod> = clientMethods;
  const entry = table[op.operationId];
  if (!entry) throw new Error(`client/methods.ts has no entry for operation ${op.operationId}`);
  const params = [...pathItemParameters, ...((op.parameters ?? []) as Json[])].map((p) => resolve(doc, p));
  const withExample = params.filter((p) => p.example !== undefined);
  // Every path parameter and every query parameter with an example, except the cursor (it comes
  // from a previous page).
  const query = withExample.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const pathValues: Record<string, string> = {};
  for (const p of params.filter((p) => p.in === 'path')) {
    if (p.example === undefined) throw new Error(`${op.operationId}: path parameter ${p.name} needs an example for the code samples`);
    pathValues[p.name] = String(p.example);
  }
  const body = requestExample(doc, op);
  return [
    { lang: 'Shell', label: 'curl', source: curl(doc, path, method, op, pathValues, query, body) },
    { lang: 'TypeScript', label: 'TypeScript', source: typescript(doc, entry, pathValues, query) },
  ];
}

function curl(doc: Json, path: string, method: string, op: Json, pathValues: Record<string, string>, query: Json[], body: unknown): string {
  const url = serverUrl(doc) + path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name]!));
  const search = query.map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`).join('&');
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} '${url}${search ? `?${search}` : ''}'`];
  const bearer = !(Array.isArray(op.security) && op.security.length === 0);
  if (bearer) lines.push(`-H "Authorization: Bearer $PARTNER_TOKEN"`);
  if (body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d '${JSON.stringify(body)}'`);
  const command = lines.join(' \\\n  ');
  return bearer ? `# PARTNER_TOKEN: the access_token of POST /api/partner/auth\n${command}` : command;
}

function typescript(doc: Json, entry: ClientMethod, pathValues: Record<string, string>, query: Json[]): string {
  const call = (name: string, params: Json[]) => {
    const args = (entry.pathArgs ?? []).map((arg) => literal(pathValues[arg]!));
    if (entry.query) args.push(params.length ? `{ ${params.map((p) => `${p.name}: ${literal(p.example)}`).join(', ')} }` : '{}');
    return `client.${name}(${args.join(', ')})`;
  };
  const lines = [
    `import { createPartnerClient } from '${CLIENT_PACKAGE}';`,
    '',
    '// Authenticates on first use, renews the token and retries 429/503 on its own.',
    'const client = createPartnerClient({',
    `  baseUrl: '${serverUrl(doc)}',`,
    '  apiKey: process.env.PARTNER_API_KEY!,',
    '  apiSecret: process.env.PARTNER_API_SECRET!,',
    '});',
    '',
    `const ${entry.result} = await ${call(entry.method, query)};`,
    `console.log(${entry.result});`,
  ];
  if (entry.iterate) {
    // The iterator asks for pages itself: the page size is the only parameter it does not need.
    lines.push('', '// Or every item, page after page (the client follows next_cursor):');
    lines.push(`for await (const item of ${call(entry.iterate, query.filter((p) => p.name !== 'limit'))}) console.log(item);`);
  }
  return lines.join('\n');
}

function serverUrl(doc: Json): string {
  return String((doc.servers as Json[] | undefined)?.[0]?.url ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
}

function resolve(doc: Json, node: Json): Json {
  const ref = node.$ref as string | undefined;
  if (!ref) return node;
  return resolve(doc, ref.slice(2).split('/').reduce((at: Json, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc));
}

function requestExample(doc: Json, op: Json): unknown {
  const media = op.requestBody && (resolve(doc, op.requestBody).content?.['application/json'] as Json | undefined);
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Json)[0] as Json | undefined;
  return first && resolve(doc, first).value;
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
}
