/**
 * Checks a response the server sent against the contract: its status is documented for the
 * operation, its media type and body match the documented schema, and every documented header it
 * carries matches that header's schema. Responses to requests no operation matches (unknown
 * paths, and requests the HTTP parser refused) must be problem documents with a status the
 * contract uses for such refusals.
 */
import { partnerSchemaTools, studioSchemaTools, type Json, type SchemaTools } from './contract-schemas.js';

export interface ObservedResponse {
  /** The contract operation the request addressed; undefined when it addressed none. */
  operationId: string | undefined;
  method: string;
  status: number;
  headers: Headers;
  /** The body as received (empty for HEAD and 304). */
  body: string;
}

interface ResponseSpec extends Json {
  headers?: Record<string, Json>;
  content?: Record<string, { schema: Json }>;
}

/** Statuses of refusals made before any operation is known (routing and the HTTP parser). */
const UNROUTED = new Set([400, 404, 405, 408, 431]);

function errorsOf(validate: ReturnType<SchemaTools['validatorFor']>, value: unknown): string | undefined {
  return validate(value) ? undefined : JSON.stringify(validate.errors?.slice(0, 3));
}

/** The checker of responses against one contract. */
export function responseChecker(tools: SchemaTools, unrouted: ReadonlySet<number> = UNROUTED): (r: ObservedResponse) => string[] {
  const { document: contract, deref, validatorFor } = tools;
  const byOperation = new Map<string, Record<string, ResponseSpec>>();
  for (const item of Object.values(contract.paths)) {
    for (const op of Object.values(item) as Json[]) {
      if (typeof op !== 'object' || op === null || typeof op.operationId !== 'string') continue;
      const responses = op.responses as Record<string, unknown>;
      byOperation.set(op.operationId, Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, deref<ResponseSpec>(r)])));
    }
  }
  const PROBLEM_SPEC: ResponseSpec = {
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    headers: { 'X-Request-Id': deref((contract.components.headers as Json | undefined)?.['X-Request-Id'] ?? { schema: { type: 'string' } }) },
  };
  return function contractViolations(r: ObservedResponse): string[] {
    const problems: string[] = [];
    const responses = r.operationId ? byOperation.get(r.operationId) : undefined;
    if (r.operationId && !responses) return [`unknown operation ${r.operationId}`];
    const spec = responses ? (responses[String(r.status)] ?? responses[`${String(r.status)[0]}XX`] ?? responses.default) : unrouted.has(r.status) ? PROBLEM_SPEC : undefined;
    if (!spec) return [`status ${r.status} is not documented${r.operationId ? ` for ${r.operationId}` : ' for unrouted requests'}`];

    if (!r.headers.get('x-request-id')) problems.push('no X-Request-Id');
    for (const [name, h] of Object.entries(spec.headers ?? {})) {
      const value = r.headers.get(name);
      if (value === null) continue;
      const schema = deref<Json>(h).schema as Json;
      const parsed = schema.type === 'integer' ? (/^\d+$/.test(value) ? Number(value) : value) : value;
      const error = errorsOf(validatorFor(schema), parsed);
      if (error) problems.push(`header ${name}: ${JSON.stringify(value)} ${error}`);
    }

    const noBody = r.method === 'HEAD' || r.status === 304;
    if (!spec.content) {
      if (r.body !== '') problems.push(`a body where the contract documents none: ${r.body.slice(0, 200)}`);
      return problems;
    }
    const type = (r.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const media = spec.content[type];
    if (!media) return [...problems, `content type ${JSON.stringify(type)} is not one of ${Object.keys(spec.content).join(', ')}`];
    if (noBody) return problems;
    // A CSV export (text/csv) is checked as the string its schema describes.
    if (!type.endsWith('json')) {
      const error = errorsOf(validatorFor(media.schema), r.body);
      return error ? [...problems, `body: ${error}`] : problems;
    }
    let body: unknown;
    try {
      body = JSON.parse(r.body);
    } catch {
      return [...problems, `a body that is not JSON: ${r.body.slice(0, 200)}`];
    }
    const error = errorsOf(validatorFor(media.schema), body);
    if (error) problems.push(`body: ${error}`);
    return problems;
  };
}

/** What is wrong with a partner API response according to the partner contract; empty when it conforms. */
export const contractViolations = responseChecker(partnerSchemaTools);

let studio: ((r: ObservedResponse) => string[]) | undefined;
/** The same for a studio API response, against the studio contract. */
export function studioContractViolations(r: ObservedResponse): string[] {
  // The studio listener also answers 421 before routing, whatever the path (its Host allowlist, described in the contract's info).
  return (studio ??= responseChecker(studioSchemaTools(), new Set([...UNROUTED, 421])))(r);
}
