/**
 * Validation of catalog import files, `{ "series": ImportSeries[] }`, against the CONTRACT's own
 * schemas: every field is a $ref into the bundled generated/openapi.json, so a contract change
 * changes what the import accepts with no second copy of any rule. Only the shape of the import
 * (which Series/Episode/Season fields the studio supplies; counts, grants and timestamps are
 * derived) is declared here, then cross-field rules a JSON Schema cannot express are checked.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { components } from '../../generated/api.js';
import { CONTRACT_BUNDLE } from '../platform/paths.js';
import type { ImportSeries } from '../store/index.js';
import { crossFieldErrors } from './import-rules.js';

type S = components['schemas'];

export interface ImportIssue {
  /** JSON pointer (RFC 6901) into the import file; '' for the document itself. */
  pointer: string;
  message: string;
}

export type ImportValidation = { ok: true; series: ImportSeries[] } | { ok: false; errors: ImportIssue[] };

/** Fields of the contract's objects that the store derives, so an import file must not carry them. */
const DERIVED = {
  Series: ['season_count', 'episode_count', 'grants', 'created_at', 'updated_at'],
  Season: ['episode_count'],
  Episode: ['series_id', 'grants', 'created_at', 'updated_at'],
} as const;

// Compile-time guard: ImportSeries / ImportEpisode must be exactly the contract's fields minus DERIVED.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _seriesFields: Same<keyof ImportSeries, Exclude<keyof S['Series'], (typeof DERIVED.Series)[number]> | 'episodes'> = true;
const _episodeFields: Same<keyof ImportSeries['episodes'][number], Exclude<keyof S['Episode'], (typeof DERIVED.Episode)[number]>> = true;
void _seriesFields;
void _episodeFields;

/** Largest error list reported: enough to fix a file, not a megabyte of repetition. */
const MAX_ISSUES = 200;
const CONTRACT_ID = 'https://partners.halcyon-studios.example/contract.json';

interface ObjectSchema {
  required: string[];
  properties: Record<string, unknown>;
}

/** An import object schema: the contract object's properties by $ref, minus derived ones. */
function importObject(name: keyof typeof DERIVED, doc: { components: { schemas: Record<string, ObjectSchema> } }, extra: Record<string, unknown> = {}) {
  const source = doc.components.schemas[name];
  if (!source) throw new Error(`contract has no ${name} schema`);
  const derived: readonly string[] = DERIVED[name];
  const props = Object.keys(source.properties).filter((p) => !derived.includes(p));
  return {
    type: 'object',
    additionalProperties: false,
    required: [...new Set([...source.required.filter((p) => !derived.includes(p)), ...Object.keys(extra)])],
    properties: {
      ...Object.fromEntries(props.map((p) => [p, { $ref: `${CONTRACT_ID}#/components/schemas/${name}/properties/${p}` }])),
      ...extra,
    },
  };
}

/** RFC 3339 date-time: an explicit offset is required (a zoneless time would be read as local time). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** One Ajv for the contract's components, with OpenAPI's formats and annotations known. */
function contractAjv(): { ajv: Ajv2020; doc: { components: { schemas: Record<string, ObjectSchema> } } } {
  const doc = JSON.parse(readFileSync(CONTRACT_BUNDLE, 'utf8'));
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // ajv-formats is CommonJS; its default import is the plugin function itself at run time.
  (addFormatsModule as unknown as typeof addFormatsModule.default)(ajv, { mode: 'full' });
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) });
  // OpenAPI's numeric formats; the ranges themselves are stated by minimum/maximum.
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  // 'components' is the root of the contract document added below; the rest are OpenAPI annotations.
  ajv.addVocabulary(['components', 'discriminator', 'example', 'externalDocs', 'xml']);
  ajv.addSchema({ $id: CONTRACT_ID, components: doc.components });
  return { ajv, doc };
}

let shared: ReturnType<typeof contractAjv> | undefined;

function buildValidator() {
  shared ??= contractAjv();
  const { ajv, doc } = shared;
  return ajv.compile({
    type: 'object',
    additionalProperties: false,
    required: ['series'],
    properties: {
      series: {
        type: 'array',
        items: importObject('Series', doc, {
          seasons: { type: 'array', maxItems: 100, items: importObject('Season', doc) },
          episodes: { type: 'array', maxItems: 10000, items: importObject('Episode', doc) },
        }),
      },
    },
  });
}

let validator: ReturnType<typeof buildValidator> | undefined;

/** Ajv's error as a pointer to the offending value (or the missing/extra property) and a message. */
function issueOf(e: ErrorObject): ImportIssue {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required') return { pointer: `${e.instancePath}/${String(params['missingProperty'])}`, message: 'is required' };
  if (e.keyword === 'additionalProperties') {
    return { pointer: `${e.instancePath}/${String(params['additionalProperty'])}`, message: 'is not allowed here (unknown or derived field)' };
  }
  const allowed = e.keyword === 'enum' ? `: ${(params['allowedValues'] as unknown[]).join(', ')}` : '';
  return { pointer: e.instancePath, message: `${e.message ?? 'is invalid'}${allowed}` };
}

/**
 * Drops the noise of nullable fields (`oneOf: [X, null]`): the null branch's "must be null"
 * and the oneOf summary say nothing the other branch's error does not say better.
 */
function meaningful(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && !(e.keyword === 'type' && (e.params as { type?: unknown }).type === 'null'));
  const covered = new Set(specific.map((e) => e.instancePath));
  return [...specific, ...errors.filter((e) => e.keyword === 'oneOf' && !covered.has(e.instancePath))];
}

/** Validates a parsed import file; on success returns its series, typed. */
export function validateImportFile(data: unknown): ImportValidation {
  validator ??= buildValidator();
  if (!validator(data)) {
    const seen = new Set<string>();
    const errors: ImportIssue[] = [];
    for (const issue of meaningful(validator.errors ?? []).map(issueOf)) {
      const key = `${issue.pointer}\u0000${issue.message}`;
      if (!seen.has(key) && errors.length < MAX_ISSUES) errors.push(issue);
      seen.add(key);
    }
    return { ok: false, errors };
  }
  const series = (data as { series: ImportSeries[] }).series;
  const errors = crossFieldErrors(series).slice(0, MAX_ISSUES);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, series };
}
