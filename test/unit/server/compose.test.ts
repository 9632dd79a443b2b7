/**
 * http/compose.ts runs several middlewares as one Express layer (docs/performance.md: each
 * Express 5 layer costs about 6 µs per request). It must behave exactly as consecutive app.use
 * calls: these cases pin that, through a real Express app.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { compose } from '../../../server/http/compose.js';

type Step = (log: string[]) => RequestHandler;
const step = (name: string): Step => (log) => (_req, _res, next) => (log.push(name), next());
const answer: Step = (log) => (_req, res) => (log.push('answer'), void res.send('ok'));
const fail: Step = (log) => () => {
  log.push('throw');
  throw new Error('boom');
};
const reject: Step = (log) => async () => {
  log.push('reject');
  throw new Error('boom');
};
const nextError: Step = (log) => (_req, _res, next) => (log.push('next(err)'), next(new Error('boom')));
const leave: Step = (log) => (_req, _res, next) => (log.push("next('route')"), next('route'));

async function run(steps: Step[]): Promise<{ log: string[]; status: number }> {
  const log: string[] = [];
  const app = express();
  app.use(compose('group', steps.map((s) => s(log))));
  app.use((_req: Request, res: Response) => (log.push('after'), void res.status(404).send('after')));
  app.use((_err: unknown, _req: Request, res: Response, _next: NextFunction) => (log.push('error handler'), void res.status(500).send('error')));
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  const status = (await fetch(`http://127.0.0.1:${port}/`)).status;
  server.close();
  return { log, status };
}

describe('compose', () => {
  it.each<[string, Step[], string[], number]>([
    ['runs each in order, then the next layer', [step('a'), step('b')], ['a', 'b', 'after'], 404],
    ['stops where one answers', [step('a'), answer, step('b')], ['a', 'answer'], 200],
    ['sends a thrown error to the error handlers', [step('a'), fail, step('b')], ['a', 'throw', 'error handler'], 500],
    ['sends a rejected promise to the error handlers', [reject, step('b')], ['reject', 'error handler'], 500],
    ['sends next(err) to the error handlers', [nextError, step('b')], ['next(err)', 'error handler'], 500],
    ["leaves the group on next('route'), as a router does", [leave, step('b')], ["next('route')", 'after'], 404],
  ])('%s', async (_what, steps, log, status) => {
    expect(await run(steps)).toEqual({ log, status });
  });

  it('refuses error middlewares and empty groups when built', () => {
    expect(() => compose('g', [])).toThrow(/at least one/);
    expect(() => compose('g', [((_e: unknown, _q: Request, _s: Response, _n: NextFunction) => {}) as unknown as RequestHandler])).toThrow(/only \(req, res, next\)/);
  });
});
