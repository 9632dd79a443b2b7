// DO NOT EDIT: generated from openapi/ by `npm run generate`.
/* eslint-disable */
export interface paths {
    "/api/partner/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an API key and secret for an access token
         * @description Returns a 24-hour access token for the partner behind `api_key`. Send the credentials in the JSON body, never in the URL. Wrong credentials or a secret that has been regenerated answer `401` (`invalid_credentials`). The right key and secret of a partner the studio has disabled answer `403` (`partner_disabled`): the credentials stay valid and work again once the studio re-enables the partner, so try again later rather than asking for a new secret; a wrong secret never learns whether the partner is disabled. Successful authentications count against the partner's Authentication limit; failed ones (a wrong secret, an unknown key, a disabled partner) count against the client address's limit of failed authentications, never against the partner's (`x-authentication`: the API key and secret in the body are this operation's credentials).
         */
        post: operations["authenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check whether an access token is still valid
         * @description Answers `200` with the token's partner and lifetime while the token is valid, and `401` when it is missing, malformed, expired or revoked (for example by a secret regeneration).
         */
        get: operations["verifyToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/entitlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your grants, per series
         * @description Every series the studio has granted you anything on, with your grants (`read`, `stream`), ordered by series id.
         */
        get: operations["listEntitlements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the catalog series you may read
         * @description Series summaries, each with your grants on it. Only series you hold `read` on are listed. To keep your own copy in sync, page with `sort=updated_at` and pass the newest `updated_at` you have seen as `updated_since` next time.
         */
        get: operations["getCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow the changes to what you may see
         * @description Your change feed: every change to the series you held a grant on when it happened (grants given, changed and withdrawn, series and episodes added, changed and removed, availability windows moved) and to your credentials, oldest first, after `cursor`. Sync once, then follow changes: walk the catalog (`GET /api/partner/content/catalog`), keep the `changes_cursor` of its first page, then read this feed from it, storing `next_cursor` after each page. Without a cursor the feed starts now. Events are kept for 30 days: a cursor older than that, once events after it are gone, answers `410` (`cursor_expired`): walk the catalog again.
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search series and episodes you may read
         * @description Full-text search over the titles and synopses of the series you hold `read` on and their episodes, ranked by relevance (titles weigh more than synopses).
         */
        get: operations["searchCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/series/{series_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The series id.
                 * @example ser_7hx2k9qmbd
                 */
                series_id: components["parameters"]["SeriesIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a series
         * @description The series' full metadata with its seasons. Needs `read` on the series.
         */
        get: operations["getSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/series/{series_id}/episodes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The series id.
                 * @example ser_7hx2k9qmbd
                 */
                series_id: components["parameters"]["SeriesIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a series' episodes
         * @description Episodes in season and episode order. Needs `read` on the series.
         */
        get: operations["listEpisodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/content/episodes/{episode_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The episode id.
                 * @example ep_4mq8z2xkwt
                 */
                episode_id: components["parameters"]["EpisodeIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get an episode
         * @description The episode's metadata. Needs `read` on its series.
         */
        get: operations["getEpisode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/streaming/episodes/{episode_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The episode id.
                 * @example ep_4mq8z2xkwt
                 */
                episode_id: components["parameters"]["EpisodeIdPath"];
            };
            cookie?: never;
        };
        /**
         * Resolve a signed stream URL for an episode
         * @description A signed, expiring URL of the episode's HLS or DASH manifest on the studio's CDN. The URL is bound to your partner id, so a leaked URL can be traced. Needs `stream` on the episode's series; outside the episode's availability window the answer is `451` (`outside_availability_window`), which retrying will not change until the window opens.
         */
        get: operations["resolveStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/analytics/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your API usage
         * @description Your own request counts for a range of UTC days (at most 92), grouped by day, operation or series. Requests show up within about a second. `from` after `to`, or a longer range, answers `400` (`invalid_date_range`).
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your webhook delivery log
         * @description Each event sent (or to send) to each of your webhook endpoints, newest event first: its status (`pending` to send or retry, `delivered`, `failed` after the retry period), attempts, the last response code and error, and when the next attempt is due. The studio registers your endpoints; see the integration guide for receiving and verifying webhooks.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuthRequest: {
            /** @description The partner's API key, as shared by the studio. */
            api_key: string;
            /** @description The partner's API secret. Treat it like a password. */
            api_secret: string;
        };
        AccessToken: {
            /** @description A signed JWT. Send it as `Authorization: Bearer <access_token>`. */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /**
             * Format: int32
             * @description Seconds until the token expires.
             * @constant
             */
            expires_in: 86400;
            /** Format: date-time */
            expires_at: string;
        };
        TokenStatus: {
            /** @constant */
            valid: true;
            partner_id: components["schemas"]["PartnerId"];
            /** Format: date-time */
            issued_at: string;
            /** Format: date-time */
            expires_at: string;
        };
        /**
         * @description `read`: the series, its seasons and episodes appear in lists and search and their metadata can be read.
         *     `stream`: stream URLs can be resolved for its episodes.
         * @enum {string}
         */
        Grant: "read" | "stream";
        /** @description The caller's grants on the series, in this order. */
        Grants: components["schemas"]["Grant"][];
        /** @enum {string} */
        Genre: "action" | "animation" | "comedy" | "crime" | "documentary" | "drama" | "family" | "fantasy" | "history" | "horror" | "mystery" | "reality" | "romance" | "science_fiction" | "thriller" | "western";
        /**
         * @description BCP 47 language tag.
         * @example en
         * @example en-GB
         * @example pt-BR
         */
        LanguageTag: string;
        /**
         * @description ISO 3166-1 alpha-2 country code.
         * @example GB
         */
        CountryCode: string;
        /** @description A content rating issued under one country's rating system. */
        ContentRating: {
            country: components["schemas"]["CountryCode"];
            /** @description Rating system, for example `BBFC`, `US-TV`, `FSK`. */
            system: string;
            /** @description The rating within that system, for example `15` or `TV-MA`. */
            rating: string;
        };
        /** @description One piece of artwork on the studio's image CDN. */
        Artwork: {
            /** @enum {string} */
            kind: "poster" | "backdrop" | "thumbnail" | "logo";
            /** Format: uri */
            url: string;
            /** Format: int32 */
            width: number;
            /** Format: int32 */
            height: number;
            /** @description Language of any text in the image; `null` when it has none. */
            language?: components["schemas"]["LanguageTag"] | null;
        };
        /**
         * @description When and where the title may be offered to viewers under the partner agreement.
         *     Stream URLs are only issued inside the window.
         */
        AvailabilityWindow: {
            /** Format: date-time */
            starts_at: string;
            /** @description End of the window; `null` when open-ended. */
            ends_at: string | null;
            /** @description Countries where the title may be offered. */
            territories: components["schemas"]["CountryCode"][];
        };
        /** @description Pass as `cursor` to get the next page; `null` on the last page. */
        NextCursor: string | null;
        /**
         * @description Stable identifier of a series.
         * @example ser_7hx2k9qmbd
         */
        SeriesId: string;
        /**
         * @description Stable identifier of an episode.
         * @example ep_4mq8z2xkwt
         */
        EpisodeId: string;
        /**
         * @description Stable identifier of a partner.
         * @example ptn_k3v9x2m7qa
         */
        PartnerId: string;
        /** @description The caller's grants on one series. */
        Entitlement: {
            series_id: components["schemas"]["SeriesId"];
            series_title: components["schemas"]["Title"];
            grants: components["schemas"]["Grants"];
            /** @description When the studio last changed these grants. */
            updated_at: components["schemas"]["Timestamp"];
        };
        EntitlementList: {
            items: components["schemas"]["Entitlement"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /** @description What a catalog listing needs to show and sync a series. */
        SeriesSummary: {
            id: components["schemas"]["SeriesId"];
            title: components["schemas"]["Title"];
            short_synopsis: components["schemas"]["ShortSynopsis"];
            genres: components["schemas"]["Genres"];
            content_ratings: components["schemas"]["ContentRatings"];
            original_language: components["schemas"]["LanguageTag"];
            release_year: components["schemas"]["Year"];
            status: components["schemas"]["SeriesStatus"];
            /** Format: int32 */
            season_count: number;
            /** Format: int32 */
            episode_count: number;
            artwork: components["schemas"]["ArtworkList"];
            availability: components["schemas"]["AvailabilityWindow"];
            grants: components["schemas"]["Grants"];
            /** @description When any of the series' metadata, seasons or episodes last changed. */
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description A series with everything a distributor needs to list and schedule it. */
        Series: {
            id: components["schemas"]["SeriesId"];
            title: components["schemas"]["Title"];
            /** @description Title in the original language; `null` when the same as `title`. */
            original_title: components["schemas"]["Title"] | null;
            synopsis: components["schemas"]["Synopsis"];
            short_synopsis: components["schemas"]["ShortSynopsis"];
            genres: components["schemas"]["Genres"];
            content_ratings: components["schemas"]["ContentRatings"];
            original_language: components["schemas"]["LanguageTag"];
            audio_languages: components["schemas"]["Languages"];
            subtitle_languages: components["schemas"]["Languages"];
            release_year: components["schemas"]["Year"];
            /** @description Year of the final season; `null` while the series is returning. */
            end_year: components["schemas"]["Year"] | null;
            status: components["schemas"]["SeriesStatus"];
            /** Format: int32 */
            season_count: number;
            /** Format: int32 */
            episode_count: number;
            seasons: components["schemas"]["Season"][];
            artwork: components["schemas"]["ArtworkList"];
            availability: components["schemas"]["AvailabilityWindow"];
            grants: components["schemas"]["Grants"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        Season: {
            season_number: components["schemas"]["SeasonNumber"];
            title: components["schemas"]["Title"];
            release_year: components["schemas"]["Year"];
            /** Format: int32 */
            episode_count: number;
        };
        SeriesList: {
            items: components["schemas"]["SeriesSummary"][];
            next_cursor: components["schemas"]["NextCursor"];
            /** @description Where your change feed (`GET /api/partner/content/changes`) stood just before this page was read. Keep the one of a walk's first page and follow the feed from it: nothing that changed during or after the walk is missed (a change the walk already shows may come again). */
            changes_cursor: components["schemas"]["ChangesCursor"];
        };
        /**
         * @description What happened. Series events concern a series you held a grant on when it happened:
         *     - `series.granted`: you may now see the series (`grants`: what you hold).
         *     - `series.withdrawn`: a tombstone (`series_id` only): take the series and its episodes down.
         *     - `grant.changed`: your grants on the series changed (`grants`, `previous_grants`).
         *     - `series.updated`: the series' own metadata changed: read it again.
         *     - `availability.changed`: the availability window of the series (or of the episode, with `episode_id`) moved (`availability`: the new window).
         *     - `episode.added`, `episode.updated`, `episode.removed`: an episode of the series (`episode_id`).
         *     - `secret.roll_started`: the studio rolled your API secret; the previous one works until `secret_expires_at`.
         *     - `secret.previous_expired`: the previous secret of a roll stopped working (at `secret_expires_at`).
         * @enum {string}
         */
        EventType: "series.granted" | "series.withdrawn" | "grant.changed" | "series.updated" | "episode.added" | "episode.updated" | "episode.removed" | "availability.changed" | "secret.roll_started" | "secret.previous_expired";
        /** @description One change, as it concerns you. Fields beyond `id`, `type` and `occurred_at` depend on the type (see EventType). */
        ChangeEvent: {
            /** @description Stable id of the event; the same event is never served with another id, so it can de-duplicate. */
            id: string;
            type: components["schemas"]["EventType"];
            occurred_at: components["schemas"]["Timestamp"];
            series_id?: components["schemas"]["SeriesId"];
            episode_id?: components["schemas"]["EpisodeId"];
            grants?: components["schemas"]["Grants"];
            previous_grants?: components["schemas"]["Grants"];
            availability?: components["schemas"]["AvailabilityWindow"];
            secret_expires_at?: components["schemas"]["Timestamp"];
        };
        /** @description Where you are in your change feed: opaque, bound to you. Store it after each page and pass it as `cursor` next time. */
        ChangesCursor: string;
        ChangesPage: {
            /** @description Your events after the cursor, oldest first; empty when nothing happened since. */
            events: components["schemas"]["ChangeEvent"][];
            next_cursor: components["schemas"]["ChangesCursor"];
        };
        Episode: {
            id: components["schemas"]["EpisodeId"];
            series_id: components["schemas"]["SeriesId"];
            season_number: components["schemas"]["SeasonNumber"];
            episode_number: components["schemas"]["EpisodeNumber"];
            title: components["schemas"]["Title"];
            synopsis: components["schemas"]["Synopsis"];
            /**
             * Format: int32
             * @description Running time in seconds.
             */
            duration_seconds: number;
            /** @description Date of first broadcast or release; `null` when not yet scheduled. */
            air_date: string | null;
            content_ratings: components["schemas"]["ContentRatings"];
            audio_languages: components["schemas"]["Languages"];
            subtitle_languages: components["schemas"]["Languages"];
            artwork: components["schemas"]["ArtworkList"];
            availability: components["schemas"]["AvailabilityWindow"];
            /** @description Manifest formats that `resolveStream` can return for this episode. */
            stream_formats: components["schemas"]["StreamFormat"][];
            /** @description The caller's grants on the episode's series. */
            grants: components["schemas"]["Grants"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        EpisodeList: {
            items: components["schemas"]["Episode"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        SearchHit: components["schemas"]["SeriesHit"] | components["schemas"]["EpisodeHit"];
        SeriesHit: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "series";
            score: components["schemas"]["Score"];
            series: components["schemas"]["SeriesSummary"];
        };
        EpisodeHit: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "episode";
            score: components["schemas"]["Score"];
            episode: components["schemas"]["Episode"];
            series_title: components["schemas"]["Title"];
        };
        SearchResults: {
            /** @description Hits ranked by relevance, best first. */
            items: components["schemas"]["SearchHit"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /**
         * @description `hls`: HTTP Live Streaming (`.m3u8`); `dash`: MPEG-DASH (`.mpd`).
         * @enum {string}
         */
        StreamFormat: "hls" | "dash";
        /** @description A signed, expiring manifest URL on the studio's CDN, bound to the calling partner. */
        StreamLocation: {
            episode_id: components["schemas"]["EpisodeId"];
            format: components["schemas"]["StreamFormat"];
            /**
             * Format: uri
             * @description The manifest URL. Hand it to the player as is; do not change or cache it past `expires_at`.
             */
            url: string;
            /** Format: date-time */
            expires_at: string;
            /**
             * Format: int32
             * @description Seconds until the URL expires.
             */
            expires_in: number;
        };
        UsageCounts: {
            /**
             * Format: int64
             * @description Authenticated requests, whatever their outcome.
             */
            requests: number;
            /**
             * Format: int64
             * @description Stream URLs issued.
             */
            stream_resolutions: number;
            /**
             * Format: int64
             * @description Requests answered with a 4xx (other than 429) or 5xx status.
             */
            errors: number;
            /**
             * Format: int64
             * @description Requests answered with 429.
             */
            rate_limited: number;
        };
        UsageRow: {
            /** @description The group, by `group_by`; a UTC date (`2026-11-20`), an operationId (`getCatalog`) or a series id. */
            key: string;
            /** Format: int64 */
            requests: number;
            /** Format: int64 */
            stream_resolutions: number;
            /** Format: int64 */
            errors: number;
            /** Format: int64 */
            rate_limited: number;
        };
        UsageReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            group_by: components["schemas"]["UsageGroupBy"];
            /** @description All of the caller's usage in the range, whatever the grouping (with `group_by=series`, requests about no single series count here but in no row). */
            totals: components["schemas"]["UsageCounts"];
            /** @description Rows in key order; groups with no usage are left out. */
            items: components["schemas"]["UsageRow"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /** @description An RFC 9457 problem document. */
        Problem: {
            /**
             * Format: uri
             * @description Identifies the problem type; its page explains it.
             */
            type: string;
            /** @description Short summary of the problem type; the same for every occurrence. */
            title: string;
            /** Format: int32 */
            status: number;
            /** @description What went wrong with this request, for a human. */
            detail: string;
            /**
             * Format: uri-reference
             * @description The request path that produced the problem; left out when the path is longer than 2048 characters or could not be read.
             */
            instance?: string;
            /**
             * @description Stable, machine-readable problem code. Branch on this, not on `title` or `detail`.
             * @enum {string}
             */
            code: "validation_failed" | "malformed_request" | "invalid_json" | "invalid_cursor" | "cursor_expired" | "invalid_date_range" | "invalid_credentials" | "partner_disabled" | "unauthorized" | "token_expired" | "token_revoked" | "forbidden" | "not_found" | "method_not_allowed" | "request_timeout" | "payload_too_large" | "unsupported_media_type" | "request_header_fields_too_large" | "outside_availability_window" | "rate_limited" | "too_many_concurrent_searches" | "internal_error" | "service_unavailable" | "search_capacity_exhausted";
            /** @description Identifies the request in the studio's logs; quote it when asking for support. */
            request_id: string;
            /** @description Each validation failure, when `code` is `validation_failed`. */
            errors?: components["schemas"]["ValidationIssue"][];
        };
        ValidationIssue: {
            /** @enum {string} */
            location: "body" | "query" | "path" | "header";
            /** @description Where in that location, as a JSON Pointer (RFC 6901) or the parameter name. */
            pointer: string;
            message: string;
        };
        Title: string;
        /** Format: date-time */
        Timestamp: string;
        ShortSynopsis: string;
        Genres: components["schemas"]["Genre"][];
        ContentRatings: components["schemas"]["ContentRating"][];
        /** Format: int32 */
        Year: number;
        /**
         * @description `returning`: more seasons are planned; `ended`: no more seasons; `limited`: a one-season limited series.
         * @enum {string}
         */
        SeriesStatus: "returning" | "ended" | "limited";
        ArtworkList: components["schemas"]["Artwork"][];
        /**
         * Format: double
         * @description Relevance; higher is better. Only comparable within one result set.
         */
        Score: number;
        /** Format: int32 */
        SeasonNumber: number;
        /** Format: int32 */
        EpisodeNumber: number;
        Synopsis: string;
        Languages: components["schemas"]["LanguageTag"][];
        /**
         * @description `day`: one row per UTC day; `operation`: one row per operationId; `series`: one row per series (requests about no single series are left out).
         * @enum {string}
         */
        UsageGroupBy: "day" | "operation" | "series";
        /**
         * @description `pending`: to send or to retry; `delivered`: answered 2xx; `failed`: given up after the retry period.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "delivered" | "failed";
        /** @description Stable identifier of a webhook endpoint. */
        WebhookEndpointId: string;
        WebhookDelivery: {
            endpoint_id: components["schemas"]["WebhookEndpointId"];
            /** @description The change-feed event's id, sent as `webhook-id`. */
            event_id: string;
            event_type: components["schemas"]["EventType"];
            status: components["schemas"]["WebhookDeliveryStatus"];
            /** Format: int32 */
            attempts: number;
            /** Format: int32 */
            last_status_code: number | null;
            last_error: string | null;
            last_attempt_at: components["schemas"]["Timestamp"] | null;
            next_attempt_at: components["schemas"]["Timestamp"] | null;
            delivered_at: components["schemas"]["Timestamp"] | null;
            created_at: components["schemas"]["Timestamp"];
        };
        WebhookDeliveryList: {
            items: components["schemas"]["WebhookDelivery"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
    };
    responses: {
        /** @description The representation has not changed: the request's `If-None-Match` matches its `ETag` (or is `*`). No body. */
        NotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The request is malformed (`malformed_request`: it cannot be parsed as HTTP, or its body does not match its `Content-Encoding`) or fails validation. */
        BadRequest: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The credentials or the access token are missing, wrong, expired or revoked. Failed authentications are limited per client address (`429` past the limit); they never count against the budget of the partner whose key was sent. */
        Unauthorized: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The resource exists but your partner account has no grant for it. */
        Forbidden: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such resource. */
        NotFound: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request's headers or body did not arrive in time. Answered before the request is routed, so no rate-limit headers; the connection is closed. */
        RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is larger than the limit (16 KiB). */
        PayloadTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The rate limit of this operation's group is exhausted, the client address has failed to authenticate too often, or (search) too many of your searches are running at once (see the rate limits in the introduction); retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request's headers (with the request line) are larger than 16 KiB. Answered before the request is routed, so no rate-limit headers; the connection is closed. */
        RequestHeaderFieldsTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The episode exists and you may stream it, but not now: it is outside its licensed availability window. */
        OutsideAvailabilityWindow: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The server failed to handle the request. Quote the request id to the studio. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The service is temporarily unable to answer (its store is unreachable, it is shutting down, or every search slot is taken); retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key and secret do not match an active partner: a wrong or regenerated secret, or an unknown key. Asking again with the same credentials will not succeed. Failed authentications are limited per client address (`429` past the limit); they never count against the budget of the partner whose key was sent. */
        InvalidCredentials: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key and secret are right, but the studio has disabled the partner. The credentials stay valid: authenticate again later (the studio may re-enable the partner); a new secret is not needed. Only the right secret gets this answer: a wrong one gets `401` `invalid_credentials` whether or not the partner is disabled. */
        PartnerDisabled: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /**
         * @description The series id.
         * @example ser_7hx2k9qmbd
         */
        SeriesIdPath: components["schemas"]["SeriesId"];
        /**
         * @description The episode id.
         * @example ep_4mq8z2xkwt
         */
        EpisodeIdPath: components["schemas"]["EpisodeId"];
        /**
         * @description Page size.
         * @example 25
         */
        Limit: number;
        /**
         * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
         * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
         */
        Cursor: string;
        /**
         * @description Only series with this genre.
         * @example drama
         */
        Genre: components["schemas"]["Genre"];
        /**
         * @description Only series whose metadata, seasons or episodes changed at or after this instant. Use it with `sort=updated_at` to keep a copy in sync. The colons may be sent unencoded (`allowReserved`); encode a `+` offset as `%2B`. A leap second (`23:59:60`) means the instant right after it.
         * @example 2026-11-01T00:00:00Z
         */
        UpdatedSince: string;
        /**
         * @description `title`: alphabetical; `updated_at`: least recently changed first, which makes incremental sync resumable.
         * @example title
         */
        CatalogSort: "title" | "updated_at";
        /**
         * @description Words to find in titles and synopses. Every word must match; the last word also matches as a prefix. Punctuation is ignored, so it may be sent unencoded (`allowReserved`).
         * @example lighthouse
         */
        SearchQuery: string;
        /**
         * @description Only hits of this type; both when absent.
         * @example series
         */
        SearchType: "series" | "episode";
        /**
         * @description Only episodes of this season.
         * @example 1
         */
        Season: components["schemas"]["SeasonNumber"];
        /**
         * @description The manifest format.
         * @example hls
         */
        StreamFormat: "hls" | "dash";
        /**
         * @description First UTC day of the range, inclusive.
         * @example 2026-11-16
         */
        UsageFrom: string;
        /**
         * @description Last UTC day of the range, inclusive. At most 92 days after `from`.
         * @example 2026-11-22
         */
        UsageTo: string;
        /**
         * @description How to group the counts.
         * @example day
         */
        UsageGroupBy: components["schemas"]["UsageGroupBy"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description A validator of the representation; send it back as `If-None-Match` to get `304` while it is unchanged.
         * @example W/"1f3a-qk3Ck0S3x3PkqG1p8ZQ0W3b0bXk"
         */
        ETag: string;
        /**
         * @description Remaining quota of this operation's group in the current window
         *     (draft-ietf-httpapi-ratelimit-headers-08), for example `"100-in-1min"; r=97; t=42`:
         *     `r` requests remain, the window resets in `t` seconds.
         * @example "100-in-1min"; r=97; t=42
         */
        RateLimit: string;
        /**
         * @description The quota policy of this operation's group (draft-ietf-httpapi-ratelimit-headers-08), for
         *     example `"100-in-1min"; q=100; w=60`: `q` requests per `w` seconds.
         * @example "100-in-1min"; q=100; w=60
         */
        "RateLimit-Policy": string;
        /**
         * @description Seconds to wait before retrying.
         * @example 42
         */
        "Retry-After": number;
        /**
         * @description Identifies the request in the studio's logs. Send your own (1 to 128 of `A-Z a-z 0-9 . _ : -`) to correlate, or one is generated.
         * @example req_8c1f2a9e4b7d4e0f
         */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    authenticate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidCredentials"];
            403: components["responses"]["PartnerDisabled"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    verifyToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenStatus"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEntitlements: {
        parameters: {
            query?: {
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
                 * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntitlementList"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCatalog: {
        parameters: {
            query?: {
                /**
                 * @description Only series with this genre.
                 * @example drama
                 */
                genre?: components["parameters"]["Genre"];
                /**
                 * @description Only series whose metadata, seasons or episodes changed at or after this instant. Use it with `sort=updated_at` to keep a copy in sync. The colons may be sent unencoded (`allowReserved`); encode a `+` offset as `%2B`. A leap second (`23:59:60`) means the instant right after it.
                 * @example 2026-11-01T00:00:00Z
                 */
                updated_since?: components["parameters"]["UpdatedSince"];
                /**
                 * @description `title`: alphabetical; `updated_at`: least recently changed first, which makes incremental sync resumable.
                 * @example title
                 */
                sort?: components["parameters"]["CatalogSort"];
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
                 * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesList"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listChanges: {
        parameters: {
            query?: {
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of your previous page, or the `changes_cursor` of a catalog page; absent to start now.
                 * @example eyJrIjpbMTA0MiwiMjAyNi0xMS0wMlQwOToxNTowMC4wMDBaIl0sImkiOiJleGFtcGxlIiwiYyI6IlFtOXZhMlZrUW5sRmVHRnRjR3hsY3cifQ
                 */
                cursor?: components["schemas"]["ChangesCursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangesPage"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            /** @description The cursor is older than the feed keeps events (30 days), and changes since it are gone. Walk the catalog again and follow the `changes_cursor` of its first page. */
            410: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    searchCatalog: {
        parameters: {
            query: {
                /**
                 * @description Words to find in titles and synopses. Every word must match; the last word also matches as a prefix. Punctuation is ignored, so it may be sent unencoded (`allowReserved`).
                 * @example lighthouse
                 */
                q: components["parameters"]["SearchQuery"];
                /**
                 * @description Only hits of this type; both when absent.
                 * @example series
                 */
                type?: components["parameters"]["SearchType"];
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
                 * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResults"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSeries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The series id.
                 * @example ser_7hx2k9qmbd
                 */
                series_id: components["parameters"]["SeriesIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEpisodes: {
        parameters: {
            query?: {
                /**
                 * @description Only episodes of this season.
                 * @example 1
                 */
                season?: components["parameters"]["Season"];
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
                 * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The series id.
                 * @example ser_7hx2k9qmbd
                 */
                series_id: components["parameters"]["SeriesIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EpisodeList"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEpisode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The episode id.
                 * @example ep_4mq8z2xkwt
                 */
                episode_id: components["parameters"]["EpisodeIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Episode"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resolveStream: {
        parameters: {
            query?: {
                /**
                 * @description The manifest format.
                 * @example hls
                 */
                format?: components["parameters"]["StreamFormat"];
            };
            header?: never;
            path: {
                /**
                 * @description The episode id.
                 * @example ep_4mq8z2xkwt
                 */
                episode_id: components["parameters"]["EpisodeIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StreamLocation"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            451: components["responses"]["OutsideAvailabilityWindow"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsage: {
        parameters: {
            query: {
                /**
                 * @description First UTC day of the range, inclusive.
                 * @example 2026-11-16
                 */
                from: components["parameters"]["UsageFrom"];
                /**
                 * @description Last UTC day of the range, inclusive. At most 92 days after `from`.
                 * @example 2026-11-22
                 */
                to: components["parameters"]["UsageTo"];
                /**
                 * @description How to group the counts.
                 * @example day
                 */
                group_by?: components["parameters"]["UsageGroupBy"];
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
                 * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageReport"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Only deliveries in this status.
                 * @example pending
                 */
                status?: components["schemas"]["WebhookDeliveryStatus"];
                /**
                 * @description Page size.
                 * @example 25
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description The `next_cursor` of the previous page, unchanged. Only valid with the same filters.
                 * @example eyJrIjpbInNtYWxsIGhvdXJzIiwic2VyXzlrZDRwNnZ5amEiXSwiaSI6ImV4YW1wbGUiLCJjIjoidHBkZFhvZUZUMXZ5b25Udm9jN0QzUSJ9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
