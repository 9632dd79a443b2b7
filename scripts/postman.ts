/**
 * The Postman collection (v2.1) of the bundled contract, for partners who explore an API in Postman
 * before writing code. openapi-to-postmanv2 (Postman's own converter) does the conversion; this
 * module only adds what a converter cannot know: the authenticate request stores the token it gets
 * in the `bearerToken` collection variable, which every other request sends, and ids are dropped
 * so the committed file (generated/postman.json) changes only when the contract does.
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

  stable.variable = [...((stable.variable ?? []) as Json[]), { key: TOKEN_VARIABLE, value: '', type: 'string' }];
  const authenticate = requests(stable).find((r) => r.request.method === 'POST' && `/${(r.request.url.path as string[]).join('/')}` === authenticatePath);
  if (!authenticate) throw new Error(`the collection has no POST ${authenticatePath} request`);
  authenticate.request.auth = { type: 'noauth' };
  authenticate.event = [
    {
      listen: 'test',
      script: {
        type: 'text/javascript',
        exec: [
          '// Keeps the token for every other request of the collection (their auth is Bearer {{' + TOKEN_VARIABLE + '}}).',
          'if (pm.response.code === 200) {',
          `  pm.collectionVariables.set('${TOKEN_VARIABLE}', pm.response.json().access_token);`,
          '}',
        ],
      },
    },
  ];
  return stable;
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
