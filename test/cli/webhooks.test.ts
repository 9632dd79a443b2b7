/** `webhook …` against a real SQLite file: endpoints made, changed, rolled, disabled and deleted, each audited; private addresses refused by default. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempCli, type TempCli } from '../helpers/cli.js';

interface EndpointDoc {
  endpoint_id: string;
  url: string;
  event_types: string[];
  status: string;
  secret?: string;
}

let cli: TempCli;
beforeAll(async () => {
  cli = await tempCli();
});
afterAll(() => cli.cleanup());

const allowed = async <T>(...args: string[]): Promise<T> => {
  const result = await runCli([...args, '--json'], { DATABASE_URL: cli.dbPath, WEBHOOK_ALLOW_PRIVATE: '1' });
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
};

describe('webhook commands', () => {
  it('refuses a private address unless allowed, then manages an endpoint with an audit entry for each change', async () => {
    const { partner_id: partner } = await cli.json<{ partner_id: string }>('partner', 'create', '--name', 'Hooked Media');
    const refused = await cli.run('webhook', 'create', partner, '--url', 'http://127.0.0.1:9/hooks', '--events', 'series.granted', '--json');
    expect([refused.code, (JSON.parse(refused.stderr) as { error: { code: string } }).error.code]).toEqual([2, 'webhook_url_refused']);
    const unknownType = await cli.run('webhook', 'create', partner, '--url', 'https://hooks.example/x', '--events', 'series.exploded');
    expect(unknownType.code).toBe(2);

    const created = await allowed<EndpointDoc>('webhook', 'create', partner, '--url', 'http://127.0.0.1:9/hooks', '--events', 'series.withdrawn,series.granted');
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/hooks', event_types: ['series.granted', 'series.withdrawn'], status: 'enabled' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const id = created.endpoint_id;
    expect((await cli.json<EndpointDoc>('webhook', 'update', id, '--events', 'episode.added')).event_types).toEqual(['episode.added']);
    expect((await cli.json<EndpointDoc>('webhook', 'disable', id)).status).toBe('disabled');
    expect((await cli.json<EndpointDoc>('webhook', 'enable', id)).status).toBe('enabled');
    const rolled = await cli.json<EndpointDoc>('webhook', 'roll-secret', id, '--expires-in-hours', '2');
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(created.secret);
    expect((await cli.json<{ endpoints: EndpointDoc[] }>('webhook', 'list', partner)).endpoints.map((e) => e.endpoint_id)).toEqual([id]);
    expect((await cli.json<{ deliveries: unknown[] }>('webhook', 'deliveries', partner)).deliveries).toEqual([]);
    await cli.json('webhook', 'delete', id);
    expect((await cli.run('webhook', 'show', id)).code).toBe(1);

    const audit = await cli.json<{ items: Array<{ action: string; after: Record<string, unknown> | null }> }>('audit', '--partner', partner, '--limit', '20');
    const actions = audit.items.map((e) => e.action).filter((a) => a.startsWith('webhook.'));
    expect(actions).toEqual(['webhook.delete', 'webhook.roll_secret', 'webhook.enable', 'webhook.disable', 'webhook.update', 'webhook.create']);
    expect(JSON.stringify(audit)).not.toContain(created.secret!.slice(6));
  });
});
