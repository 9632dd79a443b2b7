/**
 * The studio listener's Host allowlist (server/http/host-header.ts) as configuration reads it, and
 * the redaction of secret query parameters every log line gets (server/platform/logger.ts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { redactQuerySecrets } from '../../../server/platform/logger.js';

const hosts = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).studioAllowedHosts;

describe('STUDIO_ALLOWED_HOSTS', () => {
  it.each([
    [{}, ['localhost', '127.0.0.1', '[::1]']],
    [{ STUDIO_HOST: '0.0.0.0' }, ['localhost', '127.0.0.1', '[::1]']],
    [{ STUDIO_HOST: '::' }, ['localhost', '127.0.0.1', '[::1]']],
    [{ STUDIO_HOST: '10.0.0.7' }, ['localhost', '127.0.0.1', '[::1]', '10.0.0.7']],
    [{ STUDIO_HOST: 'fd00::7' }, ['localhost', '127.0.0.1', '[::1]', '[fd00::7]']],
    [{ STUDIO_ALLOWED_HOSTS: ' Studio.Example.com, 10.0.0.7:8443 ,[::1]:3001' }, ['studio.example.com', '10.0.0.7:8443', '[::1]:3001']],
  ])('%j allows %j', (env, expected) => {
    expect(hosts(env)).toEqual(expected);
  });

  it.each(['', ' , ', 'studio.example.com/path', 'https://studio.example.com', '*.example.com', 'studio example.com', '::1', 'host:port'])('refuses %j', (value) => {
    expect(() => hosts({ STUDIO_ALLOWED_HOSTS: value })).toThrow(ConfigError);
  });
});

describe('secret query parameters in log lines', () => {
  it.each([
    ['/signed-in?code=SplxlOBeZQQYbYS6WxSbIA&state=Yh3k9&iss=http%3A%2F%2Fidp', '/signed-in?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fidp'],
    ['/signed-in?state=abc&code=def#frag', '/signed-in?state=[redacted]&code=[redacted]#frag'],
    ['/v/ep.m3u8?exp=1&sig=abc', '/v/ep.m3u8?exp=1&sig=[redacted]'],
    ['/api/partner/content/search?q=barcode=1&status=live', '/api/partner/content/search?q=barcode=1&status=live'],
    ['"GET /x?code=a b"', '"GET /x?code=[redacted] b"'],
  ])('%s', (text, expected) => {
    expect(redactQuerySecrets(text)).toBe(expected);
  });
});
