/**
 * `require` as express-openapi-validator resolves modules: the copies of its dependencies
 * (path-to-regexp, ajv-formats) it loads itself, which the measures that reach into it
 * (validator.ts, fast-formats.ts) must patch or read, whatever copies the app has besides.
 */
import { createRequire } from 'node:module';

export const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
