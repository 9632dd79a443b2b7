/**
 * The Postman collection (v2.1) of the bundled contract, for partners who explore an API in Postman
 * before writing code. openapi-to-postmanv2 (Postman's own converter) does the conversion; this
 * module only adds what a converter cannot know:
 * - the base URL and the credentials are collection variables (`baseUrl`, `apiKey`, `apiSecret`;
 *   by default the contract's first server and its example credentials, which the mock accepts),
 *   and the authenticate request's body sends `{{apiKey}}` and `{{apiSecret}}`;
 * - authenticate's test stores the token it gets in the `bearerToken` collection variable, which
 *   every other request sends;
 * - every request has a test: its documented success (200), a JSON body and a request id, so a
 *   run with newman (or Postman's runner) fails when a request is refused;
 * - ids are dropped so the committed file (generated/postman.json) changes only when the contract does.
 */
import { createRequire } from 'node:module';

type Json = Record<string, any>;

interface Converter {
  convert(
    input: { type: 'json'; data: Json },
    options: Record<string, unknown>,
    done: (error: Error | null, result: { result: boolean; reason?: string; output: Array<{ type: string; data: Json }> }) => void,
  ): void;
}

// CommonJS without type declarations of its own.
const converter = createRequire(import.meta.url)('openapi-to-postmanv2') as Converter;

/** The variable the authenticate request sets and the collection's bearer auth sends. */
export const TOKEN_VARIABLE = 'bearerToken';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Converts a bundled OpenAPI document to a Postman v2.1 collection. */
export async function toPostman(doc: Json, authenticatePath = '/api/partner/auth'): Promise<Json> {
  const collection = await new Promise<Json>((resolve, reject) => {
    // A copy: the converter resolves references in the object it is given.
    converter.convert(
      { type: 'json', data: structuredClone(doc) },
      {
        folderStrategy: 'Tags',
        // Requests and saved responses carry the contract's examples, not "<string>". 6.x's
        // converter still reads the two older option names; parametersResolution is their successor.
        parametersResolution: 'Example',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        // Optional query parameters come unticked, so each request works as it stands.
        enableOptionalParameters: false,
        includeAuthInfoInExample: false,
      },
      (error, result) => {
        if (error) return reject(error);
        if (!result.result || !result.output[0]) return reject(new Error(`openapi-to-postmanv2: ${result.reason ?? 'no collection'}`));
        resolve(result.output[0].data);
      },
    );
  });
  const stable = withoutGeneratedIds(collection) as Json;

  const example = authenticateExample(doc, authenticatePath);
  stable.variable = [
    ...((stable.variable ?? []) as Json[]),
    { key: 'apiKey', value: example.api_key, type: 'string', description: 'Your API key (pk_…); the example works with the mock.' },
    { key: 'apiSecret', value: example.api_secret, type: 'secret', description: 'Your API secret (sk_…); keep it out of shared workspaces.' },
    { key: TOKEN_VARIABLE, value: '', type: 'string', description: 'Set by the authenticate request.' },
  ];
  for (const item of requests(stable)) item.event = [{ listen: 'test', script: { type: 'text/javascript', exec: SUCCESS_TESTS } }];
  const authenticate = requests(stable).find((r) => r.request.method === 'POST' && `/${(r.request.url.path as string[]).join('/')}` === authenticatePath);
  if (!authenticate) throw new Error(`the collection has no POST ${authenticatePath} request`);
  authenticate.request.auth = { type: 'noauth' };
  authenticate.request.body.raw = JSON.stringify({ api_key: '{{apiKey}}', api_secret: '{{apiSecret}}' }, null, 2);
  authenticate.event = [
    {
      listen: 'test',
      script: {
        type: 'text/javascript',
        exec: [
          ...SUCCESS_TESTS,
          '// Keeps the token for every other request of the collection (their auth is Bearer {{' + TOKEN_VARIABLE + '}}).',
          "pm.test('an access token', () => pm.expect(pm.response.json().access_token).to.be.a('string'));",
          'if (pm.response.code === 200) {',
          `  pm.collectionVariables.set('${TOKEN_VARIABLE}', pm.response.json().access_token);`,
          '}',
        ],
      },
    },
  ];
  return stable;
}

/** The test every request runs: a refusal (its problem document shown) fails it. */
const SUCCESS_TESTS = [
  "pm.test('200 OK', () => pm.expect(pm.response.code, pm.response.text()).to.equal(200));",
  "pm.test('a JSON body', () => pm.response.to.be.json);",
  "pm.test('a request id', () => pm.response.to.have.header('X-Request-Id'));",
];

/** The example credentials of authenticate's request body in the contract. */
function authenticateExample(doc: Json, path: string): { api_key: string; api_secret: string } {
  const examples = doc.paths?.[path]?.post?.requestBody?.content?.['application/json']?.examples as Record<string, Json> | undefined;
  let example = Object.values(examples ?? {})[0];
  // The bundle keeps examples as references into components.
  const ref = typeof example?.$ref === 'string' ? /^#\/components\/examples\/(.+)$/.exec(example.$ref as string) : null;
  if (ref) example = doc.components?.examples?.[ref[1]!] as Json | undefined;
  const value = example?.value as Json | undefined;
  if (typeof value?.api_key !== 'string' || typeof value.api_secret !== 'string') throw new Error(`POST ${path} has no example credentials in the contract`);
  return { api_key: value.api_key, api_secret: value.api_secret };
}

/** Every request item of a collection, folders flattened. */
export function requests(collection: Json): Json[] {
  return ((collection.item ?? []) as Json[]).flatMap((item) => (item.request ? [item] : requests(item)));
}

// The converter gives every collection, item and example a random UUID; Postman needs none of them.
function withoutGeneratedIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutGeneratedIds);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'id' || key === '_postman_id') && typeof inner === 'string' && UUID.test(inner)) continue;
    out[key] = withoutGeneratedIds(inner);
  }
  return out;
}
