import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { fixedHeaders } from '../../../server/http/fixed-headers.js';

/** A response that only keeps headers, as Node's would. */
function recordingResponse() {
  const headers = new Map<string, unknown>([['x-powered-by', 'Express']]);
  const res = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  return { res: res as unknown as Response, headers };
}

function headersAfter(middleware: RequestHandler): Map<string, unknown> {
  const { res, headers } = recordingResponse();
  let nextCalls = 0;
  void middleware({ headers: {} } as Request, res, (() => void nextCalls++) as NextFunction);
  expect(nextCalls).toBe(1);
  return headers;
}

describe('fixedHeaders', () => {
  const configs: Array<[string, Parameters<typeof helmet>[0]]> = [
    ['helmet defaults', undefined],
    ['the API set', { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } }, crossOriginOpenerPolicy: false, xFrameOptions: { action: 'deny' } }],
  ];
  it.each(configs)('sets exactly what helmet sets, and removes what it removes (%s)', (_name, config) => {
    const expected = headersAfter(helmet(config));
    expect(expected.has('strict-transport-security')).toBe(true);
    expect(expected.has('x-powered-by')).toBe(false);
    expect(headersAfter(fixedHeaders('security', helmet(config)))).toEqual(expected);
  });

  it('refuses, when built, a middleware that does not answer at once or fails', () => {
    const later: RequestHandler = (_req, _res, next) => void setImmediate(next);
    const failing: RequestHandler = (_req, _res, next) => next(new Error('no'));
    expect(() => fixedHeaders('later', later)).toThrow(/synchronously/);
    expect(() => fixedHeaders('failing', failing)).toThrow();
    expect(() => fixedHeaders('', helmet())).toThrow(/name/);
  });
});
