/**
 * The studio listener's transport, from where a browser stands: a page that rebinds a DNS name to
 * the loopback address is refused by `Host` (421), every studio API answer says
 * `Cache-Control: no-store`, the console carries a Permissions-Policy, and the code and state an
 * identity provider sends the browser back with reach no log line.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { startProvider } from '../helpers/oidc-provider.js';
import { rawConnection } from '../helpers/raw-http.js';
import { newOperator, operatorSession, studio } from '../helpers/studio.js';

/** A request to the studio listener with the Host header a rebinding page's browser would send (fetch cannot set it). */
function withHost(server: TestServer, method: string, path: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(server.studioUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });
}

const PATHS = [
  ['GET', '/healthz'],
  ['GET', '/api/studio/session'],
  ['POST', '/api/studio/session'],
  ['GET', '/'],
  ['GET', '/partners/ptn_k3v9x2m7qa'],
  ['GET', '/docs'],
] as const;

describe('the studio listener and its Host header', () => {
  it('refuses a name that is not its own with 421 on every path (DNS rebinding), and answers its loopback names on any port', async () => {
    const server = await startServer();
    const port = new URL(server.studioUrl).port;
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1.nip.io:${port}`, `localhost.attacker.example:${port}`, `127.0.0.1@attacker.example:${port}`]) {
      for (const [method, path] of PATHS) {
        const res = await withHost(server, method, path, host);
        expect([host, path, res.status, res.headers['content-type']]).toEqual([host, path, 421, 'application/problem+json; charset=utf-8']);
        expect(JSON.parse(res.body)).toMatchObject({ status: 421, code: 'misdirected_request' });
      }
    }
    // An empty Host names nothing either (node:http's client would fill it in, so on a raw connection).
    const raw = await rawConnection(server.studioUrl);
    raw.write('GET /healthz HTTP/1.1\r\nHost: \r\n\r\n');
    expect((await raw.response()).status).toBe(421);
    raw.destroy();
    for (const host of [`127.0.0.1:${port}`, 'localhost', `LOCALHOST:${port}`, `[::1]:${port}`, '127.0.0.1:8080']) {
      expect([host, (await withHost(server, 'GET', '/healthz', host)).status]).toEqual([host, 200]);
      expect([host, (await withHost(server, 'GET', '/api/studio/session', host)).status]).toEqual([host, 401]);
    }
    // The partner listener is not the studio's: its Host is not checked against this list.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers only the names STUDIO_ALLOWED_HOSTS lists, with their ports where given', async () => {
    const server = await startServer({ env: { STUDIO_ALLOWED_HOSTS: 'studio.halcyon-studios.example,10.0.0.7:8443' } });
    const cases: Array<[string, number]> = [
      ['studio.halcyon-studios.example', 200],
      ['Studio.Halcyon-Studios.example:443', 200],
      ['10.0.0.7:8443', 200],
      ['10.0.0.7', 421],
      ['10.0.0.7:3001', 421],
      [new URL(server.studioUrl).host, 421],
      ['localhost', 421],
    ];
    const seen = await Promise.all(cases.map(async ([host]) => [host, (await withHost(server, 'GET', '/healthz', host)).status]));
    expect(seen).toEqual(cases);
  });
});

describe('studio answers and caches', () => {
  it('says Cache-Control: no-store on every studio API answer, refusals included', async () => {
    const server = await startServer();
    const owner = await operatorSession(server, 'owner');
    const answers = [
      await studio(server, undefined, 'GET', '/api/studio/session'),
      await studio(server, owner, 'GET', '/api/studio/session'),
      await studio(server, owner, 'GET', '/api/studio/partners'),
      await studio(server, owner, 'GET', '/api/studio/audit'),
      await studio(server, owner, 'POST', '/api/studio/partners', { name: 'No CSRF' }, { headers: { 'X-CSRF-Token': undefined } }),
      await studio(server, owner, 'GET', '/api/studio/no-such-thing'),
      await studio(server, undefined, 'POST', '/api/studio/session', { email: 'nobody@halcyon-studios.example', password: 'wrong' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 200, 200, 200, 403, 404, 401]);
    for (const res of answers) expect([res.url, res.headers.get('cache-control')]).toEqual([res.url, 'no-store']);
    const refused = await withHost(server, 'GET', '/api/studio/partners', 'attacker.example');
    expect([refused.status, refused.headers['cache-control']]).toEqual([421, 'no-store']);
  });

  it('sends the console with a Permissions-Policy that switches powerful features off', async () => {
    const server = await startServer();
    const index = await fetch(`${server.studioUrl}/partners`);
    expect(index.status).toBe(200);
    const policy = index.headers.get('permissions-policy')!;
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    const asset = /\/assets\/[^"]+\.js/.exec(await index.text())![0];
    const script = await fetch(server.studioUrl + asset);
    expect([script.status, script.headers.get('permissions-policy')]).toEqual([200, policy]);
    // The console's own cache rules stay: the page revalidates, the hashed assets are immutable.
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('identity provider answers and the logs', () => {
  it('writes no code or state the provider returned in any log line, whatever the outcome', async () => {
    const idp = await startProvider();
    const server = await startServer({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: `${idp.redirectUri}` } });
    idp.account = (await newOperator(server, 'viewer')).email;
    const secrets: string[] = [];
    const attempt = async () => {
      const started = await studio(server, undefined, 'GET', '/api/studio/session/oidc');
      const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
      const answer = await idp.authorize(((await started.json()) as { authorization_url: string }).authorization_url);
      secrets.push(answer.code, answer.state);
      // The browser lands on the dashboard's page with them in its URL, as the provider sends it.
      const landing = await fetch(`${server.studioUrl}/signed-in?${new URLSearchParams(answer)}`);
      expect(landing.status).toBe(200);
      return { cookie, answer };
    };
    const ok = await attempt();
    expect((await studio(server, undefined, 'POST', '/api/studio/session/oidc', ok.answer, { headers: { Cookie: ok.cookie } })).status).toBe(200);
    expect((await studio(server, undefined, 'POST', '/api/studio/session/oidc', ok.answer, { headers: { Cookie: ok.cookie } })).status).toBe(401);
    const failing = await attempt();
    server.setFault('error');
    expect((await studio(server, undefined, 'POST', '/api/studio/session/oidc', failing.answer, { headers: { Cookie: failing.cookie } })).status).toBe(500);
    server.setFault(undefined);
    const logs = server.logs();
    expect(logs).toContain('/signed-in?code=[redacted]&state=[redacted]');
    expect(logs).toContain('"level":50'); // the 500 was logged with its cause
    for (const line of logs.split('\n')) for (const secret of secrets) expect(line.includes(secret) ? `${secret} in ${line}` : '').toBe('');
  });

  it('leaves them out of the line of a request the HTTP parser refuses', async () => {
    const server = await startServer();
    // The runtime's parser-refusal line is the same for both listeners; the partner's is wired to it here.
    const raw = await rawConnection(server.url);
    raw.write('GET /signed-in?code=ParserSecretCode1&state=ParserSecretState1 HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect((await raw.response()).status).toBe(400);
    raw.destroy();
    const line = server.logs().split('\n').find((l) => l.includes('request refused by the HTTP parser'));
    expect((JSON.parse(line!) as { req: { url: string } }).req.url).toBe('/signed-in');
    expect(server.logs()).not.toMatch(/ParserSecret/);
  });
});
