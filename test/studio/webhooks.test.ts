/**
 * The studio API's webhook operations as the contract documents them: every refusal with its
 * status and code (unknown partner or endpoint, invalid input, a body too large or not JSON), the
 * signing secret only in the answers that issue it, each change in the audit trail.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { operatorSession, studio, type SignedIn } from '../helpers/studio.js';

let server: TestServer;
let owner: SignedIn;
let partnerId: string;
let endpointId: string;
let secret: string;
/** A server (closed after each test by the helper), an owner, a partner and one endpoint of it. */
async function setUp(): Promise<void> {
  server = await startServer();
  owner = await operatorSession(server, 'owner');
  partnerId = (await server.partner()).id;
  const res = await studio(server, owner, 'POST', `/api/studio/partners/${partnerId}/webhooks`, { url: 'https://93.184.215.14/hooks', event_types: ['series.granted'] });
  const body = (await res.json()) as { endpoint: { id: string }; secret: string };
  [endpointId, secret] = [body.endpoint.id, body.secret];
}

const NO_PARTNER = 'ptn_0000000000';
const NO_ENDPOINT = 'whe_00000000000';

describe('studio webhook operations', () => {
  // Each row: method, path, body, and the status and code expected.
  const refusals: Array<[string, () => string, unknown, number, string]> = [
    ['GET', () => `/api/studio/partners/${NO_PARTNER}/webhooks`, undefined, 404, 'not_found'],
    ['POST', () => `/api/studio/partners/${NO_PARTNER}/webhooks`, { url: 'https://93.184.215.14/x', event_types: ['series.granted'] }, 404, 'not_found'],
    ['GET', () => `/api/studio/partners/${NO_PARTNER}/webhook-deliveries`, undefined, 404, 'not_found'],
    ['GET', () => `/api/studio/webhooks/${NO_ENDPOINT}`, undefined, 404, 'not_found'],
    ['PATCH', () => `/api/studio/webhooks/${NO_ENDPOINT}`, { description: 'x' }, 404, 'not_found'],
    ['DELETE', () => `/api/studio/webhooks/${NO_ENDPOINT}`, undefined, 404, 'not_found'],
    ['POST', () => `/api/studio/webhooks/${NO_ENDPOINT}/disable`, undefined, 404, 'not_found'],
    ['POST', () => `/api/studio/webhooks/${NO_ENDPOINT}/enable`, undefined, 404, 'not_found'],
    ['POST', () => `/api/studio/webhooks/${NO_ENDPOINT}/secret/roll`, {}, 404, 'not_found'],
    ['POST', () => `/api/studio/partners/${partnerId}/webhooks`, { url: 'https://93.184.215.14/x', event_types: ['series.exploded'] }, 400, 'validation_failed'],
    ['POST', () => `/api/studio/partners/${partnerId}/webhooks`, { url: 'https://169.254.169.254/latest', event_types: ['series.granted'] }, 400, 'webhook_url_refused'],
    ['POST', () => `/api/studio/partners/${partnerId}/webhooks`, { url: 'http://93.184.215.14/x', event_types: ['series.granted'] }, 400, 'webhook_url_refused'],
    ['PATCH', () => `/api/studio/webhooks/${endpointId}`, {}, 400, 'validation_failed'],
    ['PATCH', () => `/api/studio/webhooks/${endpointId}`, { url: 'https://[::1]/x' }, 400, 'webhook_url_refused'],
    ['POST', () => `/api/studio/webhooks/${endpointId}/secret/roll`, { expires_in_hours: 169 }, 400, 'validation_failed'],
    ['GET', () => `/api/studio/webhooks/whe_NOT-AN-ID`, undefined, 400, 'validation_failed'],
    ['GET', () => `/api/studio/partners/${partnerId}/webhook-deliveries?status=lost`, undefined, 400, 'validation_failed'],
    ['GET', () => `/api/studio/partners/${NO_PARTNER}/webhooks?x=1`, undefined, 400, 'validation_failed'],
    ['POST', () => `/api/studio/webhooks/${NO_ENDPOINT}/disable?x=1`, undefined, 400, 'validation_failed'],
    ['POST', () => `/api/studio/webhooks/${NO_ENDPOINT}/enable?x=1`, undefined, 400, 'validation_failed'],
    ['DELETE', () => `/api/studio/webhooks/${NO_ENDPOINT}?x=1`, undefined, 400, 'validation_failed'],
  ];
  it('answers each documented refusal, and refuses a body that is not JSON (415) or too large (413)', async () => {
    await setUp();
    const outcomes: string[] = [];
    for (const [method, path, body, status, code] of refusals) {
      const res = await studio(server, owner, method, path(), body);
      outcomes.push(`${method} ${path()} ${res.status} ${((await res.json()) as { code: string }).code}`);
      expect(outcomes.at(-1)).toBe(`${method} ${path()} ${status} ${code}`);
    }
    for (const [method, path] of [['POST', `/api/studio/partners/${partnerId}/webhooks`], ['PATCH', `/api/studio/webhooks/${endpointId}`], ['POST', `/api/studio/webhooks/${endpointId}/secret/roll`]] as const) {
      const send = (type: string, text: string) =>
        fetch(server.studioUrl + path, { method, headers: { Origin: server.studioUrl, Cookie: owner.cookie, 'X-CSRF-Token': owner.csrf, 'Content-Type': type }, body: text });
      expect([(await send('text/plain', 'url')).status, (await send('application/json', JSON.stringify({ description: 'x'.repeat(70_000) }))).status]).toEqual([415, 413]);
    }
  }, 60_000);

  it('answers the signing secret only when issuing it, and audits every change without it', async () => {
    await setUp();
    const read = await (await studio(server, owner, 'GET', `/api/studio/webhooks/${endpointId}`)).text();
    const list = await (await studio(server, owner, 'GET', `/api/studio/partners/${partnerId}/webhooks`)).text();
    const changed = await studio(server, owner, 'PATCH', `/api/studio/webhooks/${endpointId}`, { event_types: ['episode.added', 'series.granted'], description: 'Sync' });
    expect(((await changed.json()) as { event_types: string[] }).event_types).toEqual(['episode.added', 'series.granted']);
    const rolled = (await (await studio(server, owner, 'POST', `/api/studio/webhooks/${endpointId}/secret/roll`, {})).json()) as { secret: string; endpoint: { previous_secret_expires_at: string } };
    expect(rolled.secret).not.toBe(secret);
    expect(Date.parse(rolled.endpoint.previous_secret_expires_at) - server.clock.now()).toBe(24 * 3_600_000);
    for (const text of [read, list]) expect(text).not.toContain(secret.slice(6));
    const disabled = await studio(server, owner, 'POST', `/api/studio/webhooks/${endpointId}/disable`);
    expect([disabled.status, ((await disabled.json()) as { status: string }).status]).toEqual([200, 'disabled']);
    const enabled = await studio(server, owner, 'POST', `/api/studio/webhooks/${endpointId}/enable`);
    expect([enabled.status, ((await enabled.json()) as { status: string }).status]).toEqual([200, 'enabled']);
    const del = await studio(server, owner, 'DELETE', `/api/studio/webhooks/${endpointId}`);
    expect(del.status).toBe(204);
    const audit = await (await studio(server, owner, 'GET', `/api/studio/audit?partner_id=${partnerId}&limit=10`)).text();
    expect((JSON.parse(audit) as { items: Array<{ action: string }> }).items.map((e) => e.action)).toEqual(['webhook.delete', 'webhook.enable', 'webhook.disable', 'webhook.roll_secret', 'webhook.update', 'webhook.create']);
    for (const s of [secret, rolled.secret]) expect(audit).not.toContain(s.slice(6));
  }, 60_000);
});
