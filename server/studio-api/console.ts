/**
 * The studio console on the studio listener: its bundle (console/dist, built by `npm run
 * build:console`) at `/`, and its index page for every other GET of a console route (the console
 * routes in the browser, so /partners/ptn_… reloads to the same page). Hashed assets are cached
 * for a year; the index page never, so a new build is picked up at the next load. Everything comes
 * from this listener: the page's CSP allows scripts, styles and requests to 'self' only, and its
 * Permissions-Policy no camera, microphone, geolocation or other powerful feature.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type RequestHandler } from 'express';
import { ApiError } from '../http/errors.js';

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Powerful browser features the console never uses, switched off for it and anything it could be
 * made to load (OWASP ASVS 14.4): each one's allowlist is empty. Only features Chromium and
 * Firefox know, so no browser logs an unrecognized one.
 */
const PERMISSIONS_POLICY = ['accelerometer', 'autoplay', 'camera', 'display-capture', 'encrypted-media', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'picture-in-picture', 'screen-wake-lock', 'usb', 'xr-spatial-tracking']
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Middleware factory: serves the console from `dir`, leaving paths under `reserved` prefixes (every API, the reference, the probes) to the routes after it. */
export function serveConsole(options: { dir: string; reserved: readonly string[] }): RequestHandler {
  const { dir, reserved } = options;
  if (!dir || !Array.isArray(reserved)) throw new Error('serveConsole: dir and reserved are required');
  const index = join(dir, 'index.html');
  const html = existsSync(index) ? readFileSync(index) : undefined;
  const assets = express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false });

  return function consoleMiddleware(req: Request, res: Response, next: NextFunction): void {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reserved.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    if (!html) return next(new ApiError('not_found', 'The studio console is not built here: run `npm run build:console` (npm install does it).'));
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.path.startsWith('/assets/')) {
      req.url = req.url.slice('/assets'.length);
      return assets(req, res, (error?: unknown) => next(error ? new ApiError('not_found', 'No such console file.') : undefined));
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
}
