/** `stream verify <url>`: checks a signed stream URL the way the CDN edge does (verifyStreamUrl). */
import { DEFAULT_STREAM_BASE_URL, parseStreamKeys } from '../config.js';
import { devStreamKeys } from '../auth/dev-keys.js';
import { verifyStreamUrl, type StreamKey } from '../streaming/signer.js';
import type { Command, CommandContext } from './command.js';
import { CliError, EXIT, usageError } from './errors.js';

async function keys(ctx: CommandContext, env: NodeJS.ProcessEnv): Promise<StreamKey[]> {
  if (env.STREAM_SIGNING_KEYS) {
    const problems: string[] = [];
    const parsed = parseStreamKeys(env.STREAM_SIGNING_KEYS, problems);
    if (!parsed) throw usageError(problems.join('; '));
    return parsed;
  }
  if (env.NODE_ENV === 'production') throw usageError('STREAM_SIGNING_KEYS is required when NODE_ENV=production');
  return devStreamKeys(await ctx.store());
}

const verify: Command = {
  words: ['stream', 'verify'],
  usage: '<url>',
  summary: 'verify a signed stream URL (canonical form under STREAM_BASE_URL, signature, key id, expiry) and show whom it was issued to',
  arity: [1, 1],
  options: [],
  async run(ctx, args) {
    const url = args[0]!;
    if (!/^https:\/\//.test(url)) throw usageError('expected an https stream URL');
    const baseUrl = process.env.STREAM_BASE_URL || DEFAULT_STREAM_BASE_URL;
    const verdict = verifyStreamUrl(url, { baseUrl, keys: await keys(ctx, process.env), nowMs: Date.parse(ctx.now) });
    if (!verdict.ok) {
      throw new CliError(`the URL does not verify: ${verdict.reason}`, EXIT.failed, 'invalid_stream_url', { details: { valid: false, reason: verdict.reason } });
    }
    const view = {
      valid: true,
      partner_id: verdict.partnerId,
      episode_id: verdict.episodeId,
      format: verdict.format,
      key_id: verdict.keyId,
      expires_at: new Date(verdict.expiresAt * 1000).toISOString(),
    };
    ctx.out.result(view, () => Object.entries(view).map(([k, v]) => `${k.padEnd(11)} ${v}`));
  },
};

/** The stream commands. */
export const streamCommands: Command[] = [verify];
