/**
 * The `Host` header. HTTP/1.1 requires one (RFC 9112, section 3.2): Node answers a request without
 * one with a bare 400 unless told not to (createAppServer turns that off); requireHost answers it
 * with the same problem document as every other refusal. allowHosts refuses a `Host` the listener
 * is not known by with 421 (RFC 9110, section 15.5.20): a page that rebinds a DNS name of its own to
 * a loopback address (DNS rebinding) reaches the listener under that name, and is turned away.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './errors.js';
import { problemDocument } from './problem.js';

/** Middleware factory: refuses HTTP/1.1 requests without a Host header with 400 malformed_request. */
export function requireHost() {
  return function requireHostMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      throw new ApiError('malformed_request', 'An HTTP/1.1 request needs a Host header.');
    }
    next();
  };
}

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port: what a `Host` header names. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** A loopback listener's own names, any port: the allowlist unless configured otherwise. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Addresses a listener bound to them answers on every interface: they name no host of their own. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The names a listener answers (STUDIO_ALLOWED_HOSTS, comma-separated): `name` on any port,
 * `name:port` on that port only. By default its loopback names and, when it is bound to one
 * address, that address. An entry that is no host pushes a message onto problems.
 */
export function allowedHosts(list: string | undefined, listenerHost: string, problems: string[], variable = 'STUDIO_ALLOWED_HOSTS'): string[] {
  if (list === undefined) {
    const own = WILDCARDS.has(listenerHost) ? [] : [listenerHost.includes(':') && !listenerHost.startsWith('[') ? `[${listenerHost}]` : listenerHost];
    return [...new Set([...LOOPBACK_HOSTS, ...own.map((h) => h.toLowerCase())])];
  }
  const hosts = list.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (hosts.length === 0 || hosts.some((h) => !HOST.test(h))) {
    problems.push(`${variable} must list host names or addresses, each with an optional :port (IPv6 in brackets), comma-separated`);
  }
  return hosts;
}

/** The name of a `Host` value without its port (IPv6 keeps its brackets). */
function nameOf(host: string): string {
  const colon = host.lastIndexOf(':');
  return colon > host.lastIndexOf(']') ? host.slice(0, colon) : host;
}

/** Whether a `Host` value is one of hosts (see allowedHosts): the one check both listeners' guards make. */
export function hostAllowed(hosts: readonly string[]): (host: string | undefined) => boolean {
  if (!Array.isArray(hosts) || hosts.length === 0) throw new Error('allowHosts: at least one host is required');
  const exact = new Set(hosts.filter((h) => nameOf(h) !== h));
  const anyPort = new Set(hosts.filter((h) => nameOf(h) === h));
  return (value) => {
    const host = value?.toLowerCase();
    // A request without Host (HTTP/1.0; requireHost refuses HTTP/1.1 ones) comes from no browser, so from no rebinding page.
    return host === undefined || exact.has(host) || (anyPort.has(nameOf(host)) && HOST.test(host));
  };
}

const misdirected = (variable: string) => new ApiError('misdirected_request', `This listener does not answer for that host name; it answers only its own (${variable}).`);

/** Middleware factory: refuses a request whose Host is none of hosts (see allowedHosts) with 421 misdirected_request. */
export function allowHosts(hosts: readonly string[]) {
  const allowed = hostAllowed(hosts);
  return function allowHostsMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (allowed(req.headers.host)) return next();
    throw misdirected('STUDIO_ALLOWED_HOSTS');
  };
}

/** The same refusal for a plain node:http listener (metrics): answers 421 and returns true when the Host is none of hosts. */
export function refuseOtherHosts(hosts: readonly string[], variable: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = hostAllowed(hosts);
  return (req, res) => {
    if (allowed(req.headers.host)) return false;
    const body = problemDocument(misdirected(variable), { instance: undefined, requestId: randomUUID() });
    res.writeHead(421, { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
    return true;
  };
}
