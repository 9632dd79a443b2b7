/** Streaming operations: resolveStream. The stream grant is enforced by middleware. */
import type { operations } from '../../../generated/api.js';
import { ApiError } from '../../http/errors.js';
import { defaulted, iso, query, type OperationHandler } from '../../http/operation-handler.js';
import { type HandlerDeps, partnerId } from './handler-deps.js';

type ResolveQuery = NonNullable<operations['resolveStream']['parameters']['query']>;

/** Handlers of the Streaming group. */
export function streamingHandlers({ clock, streams }: HandlerDeps): Record<string, OperationHandler> {
  return {
    async resolveStream(req, res) {
      // requireGrant read it, and established that it exists and may be streamed.
      const episode = req.episode!;
      const format = defaulted(query<ResolveQuery>(req).format, 'format');
      const now = clock.now();
      const { starts_at, ends_at } = episode.availability;
      if (now < Date.parse(starts_at)) {
        throw new ApiError('outside_availability_window', `Episode ${episode.id} is available from ${starts_at}.`);
      }
      if (ends_at !== null && now >= Date.parse(ends_at)) {
        throw new ApiError('outside_availability_window', `Episode ${episode.id} was available until ${ends_at}.`);
      }
      if (!episode.stream_formats.includes(format)) {
        throw new ApiError('not_found', `Episode ${episode.id} has no ${format} manifest; it offers ${episode.stream_formats.join(', ')}.`);
      }
      const signed = streams.sign({ episodeId: episode.id, format, partnerId: partnerId(req) });
      res.streamResolved = true;
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        episode_id: episode.id,
        format,
        url: signed.url,
        expires_at: iso(signed.expiresAt * 1000),
        expires_in: streams.ttlSeconds,
      });
    },
  };
}
