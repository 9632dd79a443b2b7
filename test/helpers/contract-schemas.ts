/**
 * The bundled contracts (generated/openapi.json, and the studio's) as JSON Schema 2020-12 validators: Ajv with the
 * formats OpenAPI adds, and every component schema reachable by `$ref`. Used to check the
 * contract's own examples (test/unit/contract/operations.test.ts) and every response the server
 * sends in the hostile-input tests and the fuzz suite (test/helpers/contract-responses.ts).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Json = Record<string, unknown>;

export interface ContractDocument extends Json {
  info: Json;
  servers?: { url: string }[];
  security?: Json[];
  paths: Record<string, Json>;
  components: Json & { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const root = resolve(import.meta.dirname, '../..');

/** A contract's `$ref` follower and schema validators, each contract with an Ajv of its own. */
export interface SchemaTools {
  document: ContractDocument;
  /** Follows local `$ref`s (the bundle keeps shared responses, headers, parameters and examples in components). */
  deref<T = Json>(node: unknown): T;
  /** A compiled validator for a schema of the contract (its `$ref`s point at the contract's components). */
  validatorFor(schema: Json): ValidateFunction;
}

/** The tools for the bundled contract at `file` (relative to the repository). */
export function schemaTools(file: string): SchemaTools {
  const document = JSON.parse(readFileSync(join(root, file), 'utf8')) as ContractDocument;
  const deref = <T = Json>(node: unknown): T => {
    let current = node as Json;
    for (let hops = 0; typeof current.$ref === 'string'; hops++) {
      if (hops > 10) throw new Error(`$ref loop at ${current.$ref}`);
      const ref = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`non-local $ref ${ref} in the bundle`);
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((at, part) => (at as Json | undefined)?.[part], document) as Json;
      if (current === undefined) throw new Error(`dangling $ref ${ref}`);
    }
    return current as T;
  };
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats.default(ajv);
  // OpenAPI's own formats, which JSON Schema leaves undefined.
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  // An annotation for tools (which oneOf branch to pick); oneOf itself does the validating.
  ajv.addKeyword({ keyword: 'discriminator', schemaType: 'object' });
  const id = `https://contract.invalid/${file}`;
  const pointAtContract = <T>(schema: T): T => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${id}#/$defs/`)) as T;
  ajv.addSchema({ $id: id, $defs: pointAtContract(document.components.schemas) });
  const validators = new Map<string, ValidateFunction>();
  return {
    document,
    deref,
    validatorFor(schema) {
      const key = JSON.stringify(schema);
      let validate = validators.get(key);
      if (!validate) validators.set(key, (validate = ajv.compile(pointAtContract(schema))));
      return validate;
    },
  };
}

/** The partner contract's tools. */
export const partnerSchemaTools = schemaTools('generated/openapi.json');
const partnerTools = partnerSchemaTools;
/** The bundled document partners, Prism, the reference and the server all consume. */
export const contract = partnerTools.document;
export const deref = partnerTools.deref;
export const validatorFor = partnerTools.validatorFor;

let studio: SchemaTools | undefined;
/** The studio contract's tools (generated/studio/openapi.json), made on first use. */
export function studioSchemaTools(): SchemaTools {
  return (studio ??= schemaTools('generated/studio/openapi.json'));
}
