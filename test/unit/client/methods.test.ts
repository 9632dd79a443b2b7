import { describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../../client/index.js';
import { clientMethods } from '../../../client/methods.js';

// The table the reference's TypeScript samples are written from must name real methods.
describe('the client method table (client/methods.ts)', () => {
  const client = createPartnerClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'pk_x', apiSecret: 'sk_x' });
  const at = (path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], client);

  it.each(Object.entries(clientMethods))('%s names methods the client has', (_operationId, entry) => {
    expect(typeof at(entry.method), entry.method).toBe('function');
    if ('iterate' in entry) expect(typeof at(entry.iterate), entry.iterate).toBe('function');
  });
});
