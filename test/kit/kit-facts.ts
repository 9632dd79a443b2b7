/** What the kit test files share: the kit's file names, the contract's operations and a real server to run them against. */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CodeSample } from '../../scripts/code-samples.js';
import { startServer } from '../helpers/server.js';

export type Json = Record<string, any>;

export const root = resolve(import.meta.dirname, '../..');
export const POSTMAN = 'partner-catalog.postman_collection.json';
export const TARBALL = 'halcyon-studios-partner-catalog-client-1.0.0.tgz';

export const contract = JSON.parse(await readFile(join(root, 'generated/openapi.json'), 'utf8')) as Json;

/** Every operation of the contract, with its code samples. */
export const operations = Object.entries(contract.paths as Record<string, Json>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op?.operationId === 'string')
    .map(([method, op]) => ({ operationId: op.operationId as string, method: method.toUpperCase(), path, samples: op['x-codeSamples'] as CodeSample[] })),
);

/** A real server (closed after each test) and a partner reading and streaming the example series. */
export async function realServer() {
  const server = await startServer();
  const partner = await server.partner({ ser_7hx2k9qmbd: ['read', 'stream'], ser_3fz8w1rtnc: ['read'], ser_9kd4p6vyja: ['read'] });
  return { baseUrl: server.url, apiKey: partner.apiKey, apiSecret: partner.apiSecret, server, partner };
}
