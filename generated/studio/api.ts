// DO NOT EDIT: generated from openapi/ by `npm run generate`.
/* eslint-disable */
export interface paths {
    "/api/studio/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description The signed-in operator, the session's expiry and its CSRF token. Limited in a group of its own (`Session`), so an operator whose pages used up their reads can still load the console.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in with email and password
         * @description Starts a session: the `__Host-studio_session` cookie (HttpOnly, Secure, SameSite=Strict) and the CSRF token to send as `X-CSRF-Token` with every change. Failed attempts are limited per account and client address together and per client address (`x-sign-in-limits`); past either, `429` with `Retry-After`.
         */
        post: operations["signIn"];
        /**
         * Sign out
         * @description Ends the session at once on every instance and clears its cookie.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/session/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start signing in with the identity provider
         * @description Answers the identity provider's authorization URL and sets a short-lived `__Host-studio_oidc` cookie naming the pending sign-in, whose state, nonce and PKCE verifier the server keeps (single-use, expiring after `x-session.oidc_state_ttl_seconds`). `404` when the studio has no identity provider configured, `503` while the provider cannot be reached.
         */
        get: operations["startOidcSignIn"];
        put?: never;
        /**
         * Finish signing in with the identity provider
         * @description Exchanges the `code` and `state` the identity provider returned for a session, once per sign-in started in this browser (the `__Host-studio_oidc` cookie). The ID token's signature, issuer, audience, expiry and nonce are checked, and `email_verified` must be `true`. The first sign-in binds the operator with that `email` to the provider's account (`iss` and `sub`); later sign-ins are matched by that account, and another account carrying the same email is refused (`409`, `identity_conflict`). An operator with a second factor is asked for it as at password sign-in; the first answer is `401` `mfa_required` (with a new `__Host-studio_oidc` cookie), and the same request again with `totp_code` or `recovery_code` completes it; a wrong code (`invalid_mfa_code`) means starting again.
         */
        post: operations["completeOidcSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List partners */
        get: operations["listPartners"];
        put?: never;
        /**
         * Create a partner
         * @description Creates a partner with fresh credentials; the API secret is in this answer only.
         *
         *     Send an `Idempotency-Key` (a fresh random value per partner, as with Stripe) so that the
         *     request sent twice (a double click, a retry after a lost answer) creates one partner: for
         *     24 hours the same operator's same key answers `200` with the partner it created and
         *     `Idempotent-Replayed: true`, without the secret (only its hash is kept; regenerate it if
         *     the first answer was lost). The same key with another name answers `409` (`conflict`).
         */
        post: operations["createPartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Show a partner */
        get: operations["getPartner"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a partner */
        patch: operations["renamePartner"];
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a partner
         * @description Its tokens and credentials stop working on its very next request, on every instance.
         */
        post: operations["disablePartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a partner */
        post: operations["enablePartner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate a partner's secret
         * @description Replaces the API secret (in this answer only); every token issued before stops working on the partner's very next request.
         */
        post: operations["regeneratePartnerSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/secret/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a partner's secret
         * @description Issues a new API secret (in this answer only) and keeps the current one, and the tokens issued from it, working until `expires_in_hours` from now, so the partner can switch without an outage. Refused while an earlier roll's old secret is still valid (regenerate ends both at once).
         */
        post: operations["rollPartnerSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A partner's grants */
        get: operations["listPartnerGrants"];
        /**
         * Set grants on many series
         * @description Sets the partner's grants on each listed series, all in one transaction; an empty list revokes. Every instance applies them on the partner's next request.
         */
        put: operations["setPartnerGrants"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Add or remove single grants on many series
         * @description Adds and removes single grants (`add`, `remove`) on each listed series, all in one
         *     transaction, leaving the partner's other grants on the series as they are. Unlike
         *     `setPartnerGrants`, two changes sent one after the other never undo each other: granting
         *     `read` and then `stream` on a series leaves both, in whatever order they were answered. A
         *     grant both added and removed is refused (400).
         */
        patch: operations["changePartnerGrants"];
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/grants/{series_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a partner's grants on a series */
        delete: operations["revokePartnerGrants"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/catalog/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the catalog's series
         * @description The catalog's series by title, page by page, optionally filtered by a part of the title and by genre; with `partner_id`, each with that partner's grants, and `grant` keeps the series where it holds (or lacks) them. This is the console's grants matrix; a `partner_id` that names no partner answers `404`.
         */
        get: operations["listStudioSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/catalog/series/{series_id}/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each partner's grants on a series */
        get: operations["listSeriesGrants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/catalog/series/{series_id}/episodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A series' episodes */
        get: operations["listStudioEpisodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/catalog/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Past catalog imports
         * @description Catalog import jobs, newest first, with who started each, when, its counts and outcome.
         */
        get: operations["listImportJobs"];
        put?: never;
        /**
         * Import a catalog file
         * @description Checks the whole file first: any problem answers `400` with every issue in `errors` (the validation report) and nothing is written. Otherwise the import runs as a job; poll it for progress.
         */
        post: operations["importCatalog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/catalog/imports/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An import job's progress */
        get: operations["getImportJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A partner's usage
         * @description The partner's usage by day, operation or series, as the partner reads it itself (at most `x-max-range-days` days).
         */
        get: operations["getPartnerUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/usage/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a partner's usage as CSV
         * @description The rows of `getPartnerUsage` for the whole range (every page), as CSV with the columns
         *     `key,name,requests,stream_resolutions,errors,rate_limited`, in a file named
         *     `usage-<partner_id>-<group_by>-<from>-<to>.csv`. At most `x-max-range-days` days.
         */
        get: operations["exportPartnerUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage across partners
         * @description Partners ranked by requests (top partners), 429s or errors over a range of UTC days.
         */
        get: operations["getUsageOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit trail as CSV
         * @description Every entry matching the filters of `listAuditEntries` (no page limit), in the order asked,
         *     as CSV with the columns
         *     `id,at,kind,actor,actor_email,action,target_kind,target_id,target_name,partner_id,partner_name,before,after,address`
         *     (before and after as JSON), in a file named `audit-<date>.csv`. Read from the store 1,000
         *     entries at a time while the answer is sent, so 100,000 entries never sit in memory.
         */
        get: operations["exportAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the audit trail
         * @description Every change made through this API or the admin CLI (`kind: change`) and every security
         *     event (`kind: security`: sign-ins, failed sign-ins, lockouts, `403` refusals, second-factor
         *     failures, password changes and resets, revoked sessions, identity-provider refusals), newest
         *     first. A security event carries the client address it came from; when nobody was signed in,
         *     its actor is `address:<client address>`.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List operators */
        get: operations["listOperators"];
        put?: never;
        /**
         * Invite an operator
         * @description Creates a local operator account; its initial password is in this answer only.
         */
        post: operations["inviteOperator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/operators/{operator_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an operator's role, or disable it
         * @description A disabled operator's sessions end at once. `409` when the change would leave no enabled owner.
         */
        patch: operations["updateOperator"];
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/grant-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change grants on many series as a job
         * @description With `match`: adds and removes grants on every series the filter matches (the grants
         *     matrix's filters). With `copy_from`: gives the partner the other partner's grants, `merge`
         *     (adding them to its own) or `replace` (its grants become exactly the other's). The series
         *     are chosen when the job starts; their grants change in batches of `x-catalog-import.batch_series`
         *     per transaction, pausing like imports between batches so partners' requests keep the store.
         *     The job is audited once when it ends (`grants.match` or `grants.copy`, with its counts).
         *
         *     Send an `Idempotency-Key`: for 24 hours the same operator's same key answers `200` with the
         *     job it started and `Idempotent-Replayed: true`; with another body it answers `409`.
         */
        post: operations["startGrantJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/grant-jobs/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a bulk grant change would do
         * @description Counts what `startGrantJob` with the same body would change, computed by the same code, without changing anything. The console states these counts before asking to confirm.
         */
        post: operations["previewGrantJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/grant-jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A grant job's progress */
        get: operations["getGrantJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/catalog/import-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What importing a catalog file would change
         * @description Checks the file as `importCatalog` does (`400` with every issue), then answers the difference importing it now would make, computed by the code the import runs, without writing anything. An import never removes a series: the file is the whole truth only for the series it contains, so episodes of those series missing from the file are removed.
         */
        post: operations["previewCatalogImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/operators/{operator_id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a password reset link for an operator
         * @description A one-time link (`reset_path` on the studio's origin) that lets the operator set a new password until `expires_at` (`x-session.password_reset_ttl_seconds`). Hand it over yourself; the token is stored only as a hash, and a new link ends the operator's earlier ones. The operator's second factor stays.
         */
        post: operations["createPasswordResetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/operators/{operator_id}/mfa-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn an operator's second factor off
         * @description For an operator who lost its authenticator app and recovery codes. Its TOTP secret and recovery codes are dropped and every session of the operator ends; it signs in with its password alone until it enrols again (an owner must, when the studio requires it of owners). `409` when it has no second factor.
         */
        post: operations["resetOperatorMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link
         * @description Sets the operator's new password with the token of its reset link, which works once and only until it expires; every session of the operator ends. `400` (`reset_link_invalid`) for a token that is unknown, used, replaced by a newer link, expired, or whose operator is disabled.
         */
        post: operations["completePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change my password
         * @description Needs the current password (`400` `wrong_password` otherwise; wrong passwords count toward the sign-in limits of the operator's account and address, `429` past them). Every other session of the operator ends; this one goes on. `409` for an account that signs in only through the identity provider.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start enrolling an authenticator app
         * @description A new TOTP secret, shown this once, that takes effect when confirmed with a code (`POST /api/studio/account/totp/confirm`); starting again replaces an unconfirmed one. `409` while a second factor is on (turn it off first).
         */
        post: operations["startTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the authenticator app with a code
         * @description Turns the second factor on with a current code of the new secret (`400` `enrolment_code_wrong` otherwise) and answers ten recovery codes, shown this once. `409` without an enrolment started.
         */
        post: operations["confirmTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn the second factor off
         * @description Needs the password (`400` `wrong_password` otherwise; wrong passwords count toward the sign-in limits of the operator's account and address, `429` past them); the recovery codes stop working too. `409` when it is off, or when the studio requires a second factor of owners and the operator is one.
         */
        post: operations["disableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get new recovery codes
         * @description Ten new recovery codes, shown this once; the earlier ones, used or not, stop working. Needs the password (`400` `wrong_password` otherwise; wrong passwords count toward the sign-in limits of the operator's account and address, `429` past them). `409` when no second factor is on.
         */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my sessions
         * @description The signed-in operator's live sessions (not expired, idle or ended), newest first, with where and when each started and was last used.
         */
        get: operations["listMySessions"];
        put?: never;
        post?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the operator, this one included, on every instance, and clears this one's cookie.
         */
        delete: operations["signOutEverywhere"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/account/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of my sessions
         * @description Ends the operator's session with this id at once on every instance (`404` for a session that is not the operator's or has ended).
         */
        delete: operations["endMySession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook endpoints of a partner
         * @description Oldest first, never with a signing secret.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Registers an endpoint for the partner, with the event types it wants; it gets the events that happen from now on. The signing secret (`whsec_...`) is in this answer only. A URL that is not https or points at a private, loopback, link-local or reserved address is refused with `400` (`webhook_url_refused`) unless the server allows it (`WEBHOOK_ALLOW_PRIVATE`, `WEBHOOK_ALLOWED_HOSTS`).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/partners/{partner_id}/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook deliveries of a partner
         * @description The delivery log, newest event first: each event sent (or to send) to each endpoint, its status, attempts, last response code and next attempt.
         */
        get: operations["listPartnerWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/webhooks/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint
         * @description Never with its signing secret.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its pending deliveries and its delivery log go with it.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Its URL (checked as at creation), description or event types; the rest stays.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/studio/webhooks/{endpoint_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a webhook endpoint
         * @description Nothing is sent to it until it is enabled again; events meanwhile are never delivered to it.
         */
        post: operations["disableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/webhooks/{endpoint_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a webhook endpoint
         * @description Also one the delivery loop disabled after failing for the whole retry period; it gets the events that happen from now on.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/webhooks/{endpoint_id}/secret/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll the signing secret of a webhook endpoint
         * @description A new signing secret (in this answer only); the current one keeps signing beside it (two signatures in `webhook-signature`) for `expires_in_hours`, 0 to end it now.
         */
        post: operations["rollWebhookSecret"];
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
        /** @example op_5n2x8k4qzd */
        OperatorId: string;
        /** Format: email */
        Email: string;
        /**
         * @description `viewer` reads everything; `editor` also changes grants and imports the catalog; `owner` also manages partners' credentials and operators.
         * @enum {string}
         */
        Role: "viewer" | "editor" | "owner";
        /** Format: date-time */
        Timestamp: string;
        Operator: {
            id: components["schemas"]["OperatorId"];
            email: components["schemas"]["Email"];
            role: components["schemas"]["Role"];
            /** @description A disabled operator cannot sign in and its sessions end at once. */
            disabled: boolean;
            /** @description Whether signing in with the password also asks for a code of the operator's authenticator app (TOTP) or a recovery code. */
            mfa_enabled: boolean;
            /**
             * Format: date-time
             * @description When the operator last started a session (password or identity provider); null when never.
             */
            last_sign_in_at: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description The signed-in operator. Send `csrf_token` as `X-CSRF-Token` with every change. */
        Session: {
            operator: components["schemas"]["Operator"];
            csrf_token: string;
            expires_at: components["schemas"]["Timestamp"];
            /** @description True while the studio requires owners to use a second factor and this owner has none; until it enrols (`POST /api/studio/account/totp`), every other operation answers `403` (`mfa_enrolment_required`). */
            mfa_enrolment_required?: boolean;
        };
        ValidationIssue: {
            /** @enum {string} */
            location: "body" | "query" | "path" | "header";
            /** @description Where in that location, as a JSON Pointer (RFC 6901) or the parameter name. */
            pointer: string;
            message: string;
        };
        /** @description An RFC 9457 problem document, as the partner API sends them, with the studio API's codes. */
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            /** Format: int32 */
            status: number;
            detail: string;
            /** Format: uri-reference */
            instance?: string;
            /**
             * @description Stable, machine-readable problem code. Branch on this, not on `title` or `detail`.
             * @enum {string}
             */
            code: "validation_failed" | "malformed_request" | "invalid_json" | "invalid_cursor" | "invalid_date_range" | "invalid_credentials" | "oidc_state_invalid" | "email_not_verified" | "identity_conflict" | "unauthorized" | "forbidden" | "csrf_rejected" | "mfa_required" | "invalid_mfa_code" | "mfa_enrolment_required" | "wrong_password" | "enrolment_code_wrong" | "reset_link_invalid" | "webhook_url_refused" | "not_found" | "conflict" | "method_not_allowed" | "misdirected_request" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "request_header_fields_too_large" | "internal_error" | "service_unavailable";
            request_id: string;
            errors?: components["schemas"]["ValidationIssue"][];
        };
        /** @example 492039 */
        TotpCode: string;
        /**
         * @description Four groups of four characters (any case, dashes optional).
         * @example k7dq-2mxa-9fzt-p3vn
         */
        RecoveryCode: string;
        SignInRequest: {
            email: components["schemas"]["Email"];
            /** Format: password */
            password: string;
            /** @description The current 6-digit code of the operator's authenticator app, when it has a second factor (a first attempt without one answers `401` `mfa_required`). */
            totp_code?: components["schemas"]["TotpCode"];
            /** @description One of the operator's recovery codes instead of `totp_code`; each works once. */
            recovery_code?: components["schemas"]["RecoveryCode"];
        };
        OidcStart: {
            /**
             * Format: uri
             * @description Send the browser here; the identity provider returns it to the studio's redirect URI with `code`, `state` and possibly `iss`, which the dashboard posts to `POST /api/studio/session/oidc`.
             */
            authorization_url: string;
        };
        OidcCallback: {
            /** @description Opaque to the studio; OAuth 2.0 makes it visible ASCII (RFC 6749, appendix A.11). */
            code: string;
            /** @description The state the sign-in started with (visible ASCII, RFC 6749 appendix A.5). */
            state: string;
            /**
             * Format: uri
             * @description The `iss` the provider returned with them (RFC 9207), when it returned one.
             */
            iss?: string;
            /** @description For an operator with a second factor, after a first answer `401` `mfa_required`, the same request again with the current code of its authenticator app. */
            totp_code?: components["schemas"]["TotpCode"];
            /** @description One of the operator's recovery codes instead of `totp_code`; each works once. */
            recovery_code?: components["schemas"]["RecoveryCode"];
        };
        /** @enum {string} */
        PartnerStatus: "enabled" | "disabled";
        /**
         * @description `id` (the default), `name` (A to Z, then id), `-name` (Z to A), `created_at` (oldest first) or
         *     `-created_at` (newest first). Each order is one the store reads from an index, a page at a time.
         * @enum {string}
         */
        PartnerSort: "id" | "name" | "-name" | "created_at" | "-created_at";
        /**
         * @description Stable identifier of a partner.
         * @example ptn_k3v9x2m7qa
         */
        PartnerId: string;
        PartnerName: string;
        /** @description One API secret of a partner, described, never shown. */
        PartnerSecret: {
            /**
             * @description `current` is the newest secret; `expiring` is the one a roll replaced, valid until `expires_at`.
             * @enum {string}
             */
            status: "current" | "expiring";
            created_at: components["schemas"]["Timestamp"];
            /** @description When the secret and every token issued from it stop working (null for the current secret). */
            expires_at: components["schemas"]["Timestamp"] | null;
            /** @description The last time the partner authenticated with the secret (null when never). */
            last_used_at: components["schemas"]["Timestamp"] | null;
        };
        Partner: {
            id: components["schemas"]["PartnerId"];
            name: components["schemas"]["PartnerName"];
            api_key: string;
            status: components["schemas"]["PartnerStatus"];
            /**
             * Format: date
             * @description In partner lists, the last UTC day with any request from the partner (null when it has made none).
             */
            last_active_on?: string | null;
            /** @description The partner's API secrets (never the secrets themselves), the current one first; a second one only while a roll's old secret is still valid. */
            secrets?: components["schemas"]["PartnerSecret"][];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /**
         * Format: int64
         * @description How many entries match the filters, across every page.
         */
        ListTotal: number;
        /** @description Pass as `cursor` to get the next page; `null` on the last page. */
        NextCursor: string | null;
        PartnerList: {
            items: components["schemas"]["Partner"][];
            total: components["schemas"]["ListTotal"];
            next_cursor: components["schemas"]["NextCursor"];
        };
        PartnerNameChange: {
            name: components["schemas"]["PartnerName"];
        };
        /** @description The partner an earlier request with the same Idempotency-Key created; its secret was in that request's answer only. */
        PartnerCreationReplay: {
            partner: components["schemas"]["Partner"];
            /** @constant */
            replayed: true;
        };
        /** @description The partner and its API secret, shown only this once. */
        PartnerCredentials: {
            partner: components["schemas"]["Partner"];
            /** Format: password */
            api_secret: string;
        };
        /** @description How long the old secret stays valid after a roll. */
        SecretRoll: {
            /**
             * Format: int32
             * @description Hours the old secret (and the tokens issued from it) keep working; at most 7 days.
             * @default 24
             */
            expires_in_hours: number;
        };
        /**
         * @description Stable identifier of a series.
         * @example ser_7hx2k9qmbd
         */
        SeriesId: string;
        Title: string;
        /**
         * @description `read`: the series, its seasons and episodes appear in lists and search and their metadata can be read.
         *     `stream`: stream URLs can be resolved for its episodes.
         * @enum {string}
         */
        Grant: "read" | "stream";
        /** @description The caller's grants on the series, in this order. */
        Grants: components["schemas"]["Grant"][];
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
        GrantChange: {
            series_id: components["schemas"]["SeriesId"];
            /** @description The partner's grants on the series from now on; an empty list revokes them. */
            grants: components["schemas"]["Grant"][];
        };
        GrantChanges: {
            items: components["schemas"]["GrantChange"][];
        };
        GrantChangeResult: {
            items: components["schemas"]["GrantChange"][];
        };
        GrantDelta: {
            series_id: components["schemas"]["SeriesId"];
            /** @description Grants the partner holds on the series from now on, besides those it holds. */
            add?: components["schemas"]["Grant"][];
            /** @description Grants the partner no longer holds on the series; the others stay. */
            remove?: components["schemas"]["Grant"][];
        };
        GrantDeltas: {
            items: components["schemas"]["GrantDelta"][];
        };
        /** @enum {string} */
        Genre: "action" | "animation" | "comedy" | "crime" | "documentary" | "drama" | "family" | "fantasy" | "history" | "horror" | "mystery" | "reality" | "romance" | "science_fiction" | "thriller" | "western";
        /**
         * @description With `partner_id`: the series on which the partner holds `read`, `stream`, `any` grant, or `none`.
         * @enum {string}
         */
        StudioSeriesGrantFilter: "read" | "stream" | "any" | "none";
        /**
         * @description `returning`: more seasons are planned; `ended`: no more seasons; `limited`: a one-season limited series.
         * @enum {string}
         */
        SeriesStatus: "returning" | "ended" | "limited";
        StudioSeries: {
            id: components["schemas"]["SeriesId"];
            title: components["schemas"]["Title"];
            status: components["schemas"]["SeriesStatus"];
            /** Format: int32 */
            season_count: number;
            /** Format: int32 */
            episode_count: number;
            genres?: components["schemas"]["Genre"][];
            /** @description With `partner_id`, that partner's grants on the series (empty when it holds none). */
            grants?: components["schemas"]["Grant"][];
            updated_at: components["schemas"]["Timestamp"];
        };
        StudioSeriesList: {
            items: components["schemas"]["StudioSeries"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        SeriesPartnerGrant: {
            partner_id: components["schemas"]["PartnerId"];
            partner_name: components["schemas"]["PartnerName"];
            grants: components["schemas"]["Grants"];
            updated_at: components["schemas"]["Timestamp"];
        };
        SeriesPartnerGrantList: {
            /** @description The series' title, so a page about the series can name it without another read. */
            series_title: string;
            items: components["schemas"]["SeriesPartnerGrant"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /**
         * @description Stable identifier of an episode.
         * @example ep_4mq8z2xkwt
         */
        EpisodeId: string;
        /** Format: int32 */
        SeasonNumber: number;
        /** Format: int32 */
        EpisodeNumber: number;
        StudioEpisodeList: {
            items: {
                id: components["schemas"]["EpisodeId"];
                season_number: components["schemas"]["SeasonNumber"];
                episode_number: components["schemas"]["EpisodeNumber"];
                title: components["schemas"]["Title"];
                /** Format: int32 */
                duration_seconds: number;
            }[];
            next_cursor: components["schemas"]["NextCursor"];
        };
        ImportJobId: string;
        /** @description Who started the job, `operator:<id>` or `cli:<user>`. */
        Actor: string;
        ImportJob: {
            id: components["schemas"]["ImportJobId"];
            /** @enum {string} */
            state: "running" | "succeeded" | "failed";
            actor: components["schemas"]["Actor"];
            /** Format: int32 */
            series_total: number;
            /** Format: int32 */
            series_done: number;
            /** Format: int32 */
            series_changed: number;
            /** Format: int32 */
            series_unchanged: number;
            /** Format: int32 */
            episodes_changed: number;
            /** @description Why a failed job failed; null unless `state` is `failed`. */
            error: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        ImportJobList: {
            items: components["schemas"]["ImportJob"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /** @description The catalog import file (`npm run admin -- catalog import` reads the same format); each series is checked against the partner contract's Series, Season and Episode. */
        CatalogImportRequest: {
            series: Record<string, never>[];
        };
        /**
         * @description `day`: one row per UTC day; `operation`: one row per operationId; `series`: one row per series (requests about no single series are left out).
         * @enum {string}
         */
        UsageGroupBy: "day" | "operation" | "series";
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
        StudioUsageRow: {
            key: components["schemas"]["key"];
            /** @description With `group_by=series`, the series' title (null once the series left the catalog); otherwise null. */
            name: string | null;
            requests: components["schemas"]["requests"];
            stream_resolutions: components["schemas"]["stream_resolutions"];
            errors: components["schemas"]["errors"];
            rate_limited: components["schemas"]["rate_limited"];
        };
        /** @description A partner's usage as the partner API reports it, each row with a name people know (the series' title). */
        StudioUsageReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            group_by: components["schemas"]["UsageGroupBy"];
            totals: components["schemas"]["UsageCounts"];
            items: components["schemas"]["StudioUsageRow"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /**
         * @description RFC 4180 CSV (UTF-8, CRLF line ends), a header row first. A cell that begins with `=`, `+`,
         *     `-`, `@`, a tab or a carriage return is prefixed with `'` (OWASP's advice against CSV
         *     injection), so a spreadsheet shows it as text instead of running it as a formula.
         */
        CsvExport: string;
        /**
         * @description Which count ranks the partners, most first: `requests` (top partners), `rate_limited` (429s) or `errors`.
         * @enum {string}
         */
        UsageRankBy: "requests" | "stream_resolutions" | "errors" | "rate_limited";
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
        PartnerUsageRow: {
            partner_id: components["schemas"]["PartnerId"];
            partner_name: components["schemas"]["PartnerName"];
            /** Format: int64 */
            requests: number;
            /** Format: int64 */
            stream_resolutions: number;
            /** Format: int64 */
            errors: number;
            /** Format: int64 */
            rate_limited: number;
        };
        UsageOverview: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            rank_by: components["schemas"]["UsageRankBy"];
            totals: components["schemas"]["UsageCounts"];
            /** @description Every partner's usage together, one row per UTC day that had any (key is the date), oldest first; the same on every page. */
            days: components["schemas"]["UsageRow"][];
            items: components["schemas"]["PartnerUsageRow"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        /**
         * @description `newest` first (the default) or `oldest` first.
         * @enum {string}
         */
        AuditOrder: "newest" | "oldest";
        /** @description A JSON value; never a secret or its hash. */
        AuditValue: unknown;
        AuditEntry: {
            /** Format: int64 */
            id: number;
            at: components["schemas"]["Timestamp"];
            /**
             * @description `change`: something someone changed; `security`: a security event (its action names it).
             * @enum {string}
             */
            kind: "change" | "security";
            /** @description `operator:<id>`, `cli:<user>`, or `address:<client address>` for a security event nobody signed in to. */
            actor: string;
            /** Format: email */
            actor_email: string | null;
            /**
             * @description Dotted verb. Changes, e.g. `partner.create`, `grants.set`, `operator.role`; security events:
             *     `sign_in.success`, `sign_in.failure`, `sign_in.lockout`, `access.forbidden`,
             *     `access.csrf_rejected`, `mfa.failure`, `password.change`, `password.reset`,
             *     `session.revoke`, `oidc.refusal`.
             */
            action: string;
            /**
             * @description What the entry is about; `operation` is the studio API operation a refusal refused (its operationId as `target_id`).
             * @enum {string}
             */
            target_kind: "partner" | "series" | "operator" | "import" | "operation" | "webhook_endpoint";
            target_id: string;
            /** @description The target as people know it, read when the entry is listed - a partner's name, a series' title, an operator's email; null for other kinds or a target that no longer exists. */
            target_name: string | null;
            partner_id: components["schemas"]["PartnerId"] | null;
            /** @description The partner's name now (null without a partner or once it no longer exists). */
            partner_name: string | null;
            before: components["schemas"]["AuditValue"];
            after: components["schemas"]["AuditValue"];
            /** @description The client address (IPv4 or IPv6) a security event came from; null for changes. */
            address: string | null;
        };
        AuditList: {
            items: components["schemas"]["AuditEntry"][];
            /** @description How many entries match the filters, across every page; on the first page only (null on the others, which would count again). */
            total: components["schemas"]["ListTotal"] | null;
            next_cursor: components["schemas"]["NextCursor"];
        };
        OperatorList: {
            items: components["schemas"]["Operator"][];
            next_cursor: components["schemas"]["NextCursor"];
        };
        OperatorInvite: {
            email: components["schemas"]["Email"];
            role: components["schemas"]["Role"];
        };
        /** @description The new operator and its initial password, shown only this once. */
        OperatorInvitation: {
            operator: components["schemas"]["Operator"];
            /** Format: password */
            initial_password: string;
        };
        OperatorChange: {
            role?: components["schemas"]["Role"];
            disabled?: boolean;
        };
        /** @description The grants matrix's filters; `{}` matches every series. */
        SeriesMatch: {
            /** @description A part of the series' title (any case). */
            q?: string;
            genre?: components["schemas"]["Genre"];
            grant?: components["schemas"]["StudioSeriesGrantFilter"];
        };
        GrantList: components["schemas"]["Grant"][];
        /** @description Either `match` with `add` and `remove` (a grant in neither is left as it is; at least one grant named), or `copy_from` with `mode`. */
        GrantJobRequest: {
            match: components["schemas"]["SeriesMatch"];
            add: components["schemas"]["GrantList"];
            remove: components["schemas"]["GrantList"];
        } | {
            copy_from: components["schemas"]["PartnerId"];
            /**
             * @description `merge`: the other partner's grants are added to this one's, none removed. `replace`: this partner's grants become exactly the other's (grants the other lacks are removed).
             * @enum {string}
             */
            mode: "merge" | "replace";
        };
        GrantJobId: string;
        /** Format: int32 */
        Count: number;
        GrantJob: {
            id: components["schemas"]["GrantJobId"];
            /**
             * @description `grants.match`: grants changed on the series a filter matched; `grants.copy`: grants copied from another partner.
             * @enum {string}
             */
            kind: "grants.match" | "grants.copy";
            /** @enum {string} */
            state: "running" | "succeeded" | "failed";
            partner_id: components["schemas"]["PartnerId"];
            actor: components["schemas"]["Actor"];
            series_total: components["schemas"]["Count"];
            series_done: components["schemas"]["Count"];
            series_changed: components["schemas"]["Count"];
            series_unchanged: components["schemas"]["Count"];
            /** @description Why a failed job failed; null unless `state` is `failed`. */
            error: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        GrantJobPreview: {
            /** @description Series the job would go through (matching the filter, or holding a grant of either partner). */
            series_matching: components["schemas"]["Count"];
            /** @description Of those, the series whose grants would change. */
            series_changing: components["schemas"]["Count"];
            grants_added: components["schemas"]["Count"];
            grants_removed: components["schemas"]["Count"];
        };
        ImportPreview: {
            series_added: components["schemas"]["Count"];
            series_changed: components["schemas"]["Count"];
            series_unchanged: components["schemas"]["Count"];
            episodes_added: components["schemas"]["Count"];
            episodes_changed: components["schemas"]["Count"];
            episodes_removed: components["schemas"]["Count"];
            /** @description The first 100 series that would be added or changed, in the file's order. */
            changes: {
                series_id: components["schemas"]["SeriesId"];
                title: components["schemas"]["Title"];
                /** @enum {string} */
                change: "added" | "changed";
                episodes_added: components["schemas"]["Count"];
                episodes_changed: components["schemas"]["Count"];
                episodes_removed: components["schemas"]["Count"];
            }[];
        };
        /** @description A one-time link to hand to the operator; it expires at `expires_at` and works once. Earlier links of the operator stop working. */
        PasswordResetLink: {
            /** @description The console's page, relative to the studio's origin; the token is in the fragment, so it never reaches a server log. */
            reset_path: string;
            expires_at: components["schemas"]["Timestamp"];
        };
        /**
         * Format: password
         * @description At least 12 characters (spaces allowed, no other rule), at most 128.
         */
        NewPassword: string;
        PasswordReset: {
            token: string;
            new_password: components["schemas"]["NewPassword"];
        };
        PasswordChange: {
            /** Format: password */
            current_password: string;
            new_password: components["schemas"]["NewPassword"];
        };
        /** @description The new secret, shown only this once; it takes effect once confirmed with a code. */
        TotpEnrolment: {
            /** @description Base32 (RFC 4648), for typing into an authenticator app. */
            secret: string;
            /** @description The `otpauth://totp/...` URI (SHA-1, 6 digits, 30 seconds) to open or show as a QR code. */
            otpauth_uri: string;
        };
        TotpConfirmation: {
            code: components["schemas"]["TotpCode"];
        };
        /** @description Ten recovery codes, each usable once instead of a code of the app; shown only this once. */
        RecoveryCodes: {
            recovery_codes: components["schemas"]["RecoveryCode"][];
        };
        PasswordConfirmation: {
            /** Format: password */
            password: string;
        };
        /** @example ses_Yh3k9Pq2x7kT9xW2qR8vL3 */
        SessionId: string;
        SessionInfo: {
            id: components["schemas"]["SessionId"];
            /** @description True for the session making this request. */
            current: boolean;
            created_at: components["schemas"]["Timestamp"];
            last_seen_at: components["schemas"]["Timestamp"];
            expires_at: components["schemas"]["Timestamp"];
            /** @description The client address the session was started from (null when unknown). */
            address: string | null;
            /** @description The browser's User-Agent when the session started (at most 256 characters, other than printable ASCII as `?`; null when none). */
            user_agent: string | null;
        };
        /** @description The operator's live sessions, newest first. */
        SessionList: {
            items: components["schemas"]["SessionInfo"][];
        };
        /** @description Stable identifier of a webhook endpoint. */
        WebhookEndpointId: string;
        /** Format: uri */
        WebhookUrl: string;
        /** @description What the endpoint is for, for people; printable characters. */
        WebhookDescription: string;
        /**
         * @description A change-feed event type (defined here until the partner contract names its own `EventType`).
         * @enum {string}
         */
        WebhookEventType: "series.granted" | "series.withdrawn" | "grant.changed" | "series.updated" | "episode.added" | "episode.updated" | "episode.removed" | "availability.changed" | "secret.roll_started" | "secret.previous_expired";
        WebhookEventTypes: components["schemas"]["WebhookEventType"][];
        WebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            partner_id: components["schemas"]["PartnerId"];
            url: components["schemas"]["WebhookUrl"];
            description: components["schemas"]["WebhookDescription"];
            event_types: components["schemas"]["WebhookEventTypes"];
            /** @enum {string} */
            status: "enabled" | "disabled";
            /**
             * @description `operator`: someone disabled it; `failing`: it failed for the whole retry period. Null while enabled.
             * @enum {string|null}
             */
            disabled_reason: "operator" | "failing" | null;
            /** @description Until when a roll's previous signing secret still signs beside the current one; null when none does. */
            previous_secret_expires_at: components["schemas"]["Timestamp"] | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        WebhookEndpointList: {
            items: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookEndpointInput: {
            url: components["schemas"]["WebhookUrl"];
            description?: components["schemas"]["WebhookDescription"];
            event_types: components["schemas"]["WebhookEventTypes"];
        };
        /** @description The endpoint and its signing secret, shown only this once. */
        WebhookEndpointWithSecret: {
            endpoint: components["schemas"]["WebhookEndpoint"];
            /** Format: password */
            secret: string;
        };
        /**
         * @description `pending`: to send or to retry; `delivered`: answered 2xx; `failed`: given up after the retry period.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "delivered" | "failed";
        WebhookDelivery: {
            endpoint_id: components["schemas"]["WebhookEndpointId"];
            /** @description The change-feed event's id, sent as `webhook-id`. */
            event_id: string;
            event_type: components["schemas"]["WebhookEventType"];
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
        WebhookEndpointChange: {
            url?: components["schemas"]["WebhookUrl"];
            description?: components["schemas"]["WebhookDescription"];
            event_types?: components["schemas"]["WebhookEventTypes"];
        };
        /** @description How long the current signing secret keeps signing beside the new one. */
        WebhookSecretRoll: {
            /**
             * Format: int32
             * @default 24
             */
            expires_in_hours: number;
        };
    };
    responses: {
        /** @description The request is malformed or fails validation; `errors` lists each problem. */
        BadRequest: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/validation-failed",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "The request does not match the contract: body /email: must match format \"email\"",
                 *       "instance": "/api/studio/partners",
                 *       "code": "validation_failed",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No valid session. */
        Unauthorized: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/unauthorized",
                 *       "title": "Unauthorized",
                 *       "status": 401,
                 *       "detail": "Sign in first: no session, or it expired, was revoked or its operator was disabled.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "unauthorized",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many sign-in attempts from this address or for this account, or (`x-rate-limit-group`) too many requests of this operation's group from this operator; retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/rate-limited",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "Too many sign-in attempts for this account; retry in 60 seconds.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "rate_limited",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
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
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/request-header-fields-too-large",
                 *       "title": "Request Header Fields Too Large",
                 *       "status": 431,
                 *       "detail": "The request headers are larger than 16384 bytes.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "request_header_fields_too_large",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected failure; quote `request_id` to the team running the service. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/internal-error",
                 *       "title": "Internal Server Error",
                 *       "status": 500,
                 *       "detail": "The server could not complete the request.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "internal_error",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The store is unavailable; retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/service-unavailable",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "The catalog store is temporarily unavailable; retry shortly.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "service_unavailable",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The credentials are wrong or the operator cannot sign in (`invalid_credentials`); the password is right but the operator has a second factor and sent no code (`mfa_required`: ask for one and send it with the password again), or the code or recovery code is wrong or used (`invalid_mfa_code`). */
        SignInFailed: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/invalid-credentials",
                 *       "title": "Invalid Credentials",
                 *       "status": 401,
                 *       "detail": "The email or password is wrong, or the operator is disabled.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "invalid_credentials",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The operator's role does not allow the operation, or (`csrf_rejected`) the change lacks the session's `X-CSRF-Token` or comes from another origin. */
        Forbidden: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/forbidden",
                 *       "title": "Forbidden",
                 *       "status": 403,
                 *       "detail": "This operation needs the owner role; you are an editor.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "forbidden",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is larger than the operation's `x-max-body-bytes` (or the document's). */
        PayloadTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/payload-too-large",
                 *       "title": "Payload Too Large",
                 *       "status": 413,
                 *       "detail": "The request body is larger than 65536 bytes.",
                 *       "instance": "/api/studio/session",
                 *       "code": "payload_too_large",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body is not UTF-8 `application/json` (or its `Content-Encoding` is not one the server reads). */
        UnsupportedMediaType: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/unsupported-media-type",
                 *       "title": "Unsupported Media Type",
                 *       "status": 415,
                 *       "detail": "Send the body as UTF-8 application/json.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "unsupported_media_type",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description What the path names does not exist. */
        NotFound: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/not-found",
                 *       "title": "Not Found",
                 *       "status": 404,
                 *       "detail": "No partner ptn_k3v9x2m7qa.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "not_found",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The provider's answer matches no pending sign-in of this browser: the state was forged, has expired (`x-session.oidc_state_ttl_seconds`) or was used already (`oidc_state_invalid`), or the ID token failed a check (`invalid_credentials`). Start again. For an operator with a second factor: send it (`mfa_required`), or it was wrong or used (`invalid_mfa_code`, start again). */
        OidcStateInvalid: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/oidc-state-invalid",
                 *       "title": "Sign-In State Invalid",
                 *       "status": 401,
                 *       "detail": "This sign-in was not started in this browser, has expired or was completed already; start again.",
                 *       "instance": "/api/studio/session/oidc",
                 *       "code": "oidc_state_invalid",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The identity provider did not state that the account's email is verified (`email_verified` must be `true`). */
        EmailNotVerified: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/email-not-verified",
                 *       "title": "Email Not Verified",
                 *       "status": 403,
                 *       "detail": "The identity provider has not verified this account's email; verify it there, then sign in again.",
                 *       "instance": "/api/studio/session/oidc",
                 *       "code": "email_not_verified",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The operator with this email is bound to another account of the identity provider (its first sign-in bound it, by `iss` and `sub`); an owner must resolve it. */
        IdentityConflict: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/identity-conflict",
                 *       "title": "Identity Conflict",
                 *       "status": 409,
                 *       "detail": "The operator with this email signs in with another account of the identity provider; ask an owner.",
                 *       "instance": "/api/studio/session/oidc",
                 *       "code": "identity_conflict",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The change conflicts with what exists. */
        Conflict: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "https://partners.halcyon-studios.example/problems/conflict",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "An operator with this email exists already.",
                 *       "instance": "/api/studio/partners",
                 *       "code": "conflict",
                 *       "request_id": "req_8c1f2a9e4b7d4e0f"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @example name */
        PartnerSort: components["schemas"]["PartnerSort"];
        /** @example oldest */
        AuditOrder: components["schemas"]["AuditOrder"];
        /**
         * @description Page size. Up to 1,000, so that the console's grants matrix reaches the last of 100,000 series in 100 reads, well within the operator's `Reads` limit.
         * @example 1000
         */
        SeriesPageLimit: number;
        /**
         * @description A fresh random value per intended change (a UUID); the same change sent again with it is made once.
         * @example 5f0c6f0e-3b9e-4b7a-9d1e-2c4b8a7e6f10
         */
        IdempotencyKey: string;
        /** @example ptn_k3v9x2m7qa */
        PartnerIdPath: components["schemas"]["PartnerId"];
        /** @example op_5n2x8k4qzd */
        OperatorIdPath: components["schemas"]["OperatorId"];
        /** @example imp_4f8a2c9e1b7d3a60 */
        ImportJobIdPath: components["schemas"]["ImportJobId"];
        /**
         * @description A part of the partner's name (any case), or its exact id or API key.
         * @example northwind
         */
        PartnerSearch: string;
        /**
         * @description A part of the series' title (any case).
         * @example harbour
         */
        SeriesTitleSearch: string;
        /** @example drama */
        SeriesGenreFilter: components["schemas"]["Genre"];
        /**
         * @description Include this partner's grants on each series.
         * @example ptn_k3v9x2m7qa
         */
        SeriesPartnerFilter: components["schemas"]["PartnerId"];
        /**
         * @description Only with `partner_id`; `400` without it.
         * @example any
         */
        SeriesGrantFilter: components["schemas"]["StudioSeriesGrantFilter"];
        /** @example enabled */
        PartnerStatusFilter: components["schemas"]["PartnerStatus"];
        /** @example rate_limited */
        UsageRankBy: components["schemas"]["UsageRankBy"];
        /**
         * @description Only changes, or only security events.
         * @example security
         */
        AuditKind: "change" | "security";
        /**
         * @description `operator:<id>`, `cli:<user>`, `address:<client address>`, or an operator's email (its entries as `operator:<id>`; an email no operator has matches nothing).
         * @example operator:op_5n2x8k4qzd
         */
        AuditActor: string;
        /** @example ptn_k3v9x2m7qa */
        AuditPartner: components["schemas"]["PartnerId"];
        /** @example grants.set */
        AuditAction: string;
        /**
         * @description Entries at or after this instant.
         * @example 2026-11-01T00:00:00Z
         */
        AuditFrom: string;
        /**
         * @description Entries before this instant.
         * @example 2026-11-21T00:00:00Z
         */
        AuditTo: string;
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
         * @description The series id.
         * @example ser_7hx2k9qmbd
         */
        SeriesIdPath: components["schemas"]["SeriesId"];
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
        /** @example whe_q3x8k2m9vdp */
        EndpointIdPath: components["schemas"]["WebhookEndpointId"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description `__Host-studio_session=<token>; Path=/; Max-Age=<ttl>; HttpOnly; Secure; SameSite=Strict`
         * @example __Host-studio_session=Pq8xW2qR8vL3mB7nP1zC4dF6gY0sA2eU8iO3wQ5rJ7h; Max-Age=28800; Path=/; HttpOnly; Secure; SameSite=Strict
         */
        SessionCookie: string;
        /**
         * @description `__Host-studio_oidc=<id>; Path=/; HttpOnly; Secure; SameSite=Strict`: names the pending sign-in (its state, nonce and PKCE verifier stay on the server) until it completes or expires
         * @example __Host-studio_oidc=Qm9Yc2FtcGxlSWRPZkFQZW5kaW5nU2lnbkluMDEyMzQ1Njc; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Strict
         */
        OidcCookie: string;
        /**
         * @description Identifies the request in the studio's logs. Send your own (1 to 128 of `A-Z a-z 0-9 . _ : -`) to correlate, or one is generated.
         * @example req_8c1f2a9e4b7d4e0f
         */
        "X-Request-Id": string;
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
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getSession: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "operator": {
                     *         "id": "op_5n2x8k4qzd",
                     *         "email": "maya@halcyon-studios.example",
                     *         "role": "owner",
                     *         "disabled": false,
                     *         "mfa_enabled": false,
                     *         "last_sign_in_at": null,
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "csrf_token": "tK9xW2qR8vL3mB7nP1zC4dF6gY0sA2eU8iO3wQ5rJ7h",
                     *       "expires_at": "2026-11-20T17:30:00Z",
                     *       "mfa_enrolment_required": false
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "maya@halcyon-studios.example",
                 *       "password": "Vb3xQ9mK2pL7wN4zR8tY1cF6"
                 *     }
                 */
                "application/json": components["schemas"]["SignInRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Set-Cookie": components["headers"]["SessionCookie"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "operator": {
                     *         "id": "op_5n2x8k4qzd",
                     *         "email": "maya@halcyon-studios.example",
                     *         "role": "owner",
                     *         "disabled": false,
                     *         "mfa_enabled": false,
                     *         "last_sign_in_at": null,
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "csrf_token": "tK9xW2qR8vL3mB7nP1zC4dF6gY0sA2eU8iO3wQ5rJ7h",
                     *       "expires_at": "2026-11-20T17:30:00Z",
                     *       "mfa_enrolment_required": false
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["SignInFailed"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startOidcSignIn: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Set-Cookie": components["headers"]["OidcCookie"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "authorization_url": "https://id.halcyon-studios.example/authorize?client_id=studio&response_type=code&scope=openid%20email&state=Yh3k9&nonce=Pq2x7&code_challenge=kT9x&code_challenge_method=S256"
                     *     }
                     */
                    "application/json": components["schemas"]["OidcStart"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    completeOidcSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "SplxlOBeZQQYbYS6WxSbIA",
                 *       "state": "Yh3k9"
                 *     }
                 */
                "application/json": components["schemas"]["OidcCallback"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Set-Cookie": components["headers"]["SessionCookie"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "operator": {
                     *         "id": "op_5n2x8k4qzd",
                     *         "email": "maya@halcyon-studios.example",
                     *         "role": "owner",
                     *         "disabled": false,
                     *         "mfa_enabled": false,
                     *         "last_sign_in_at": null,
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "csrf_token": "tK9xW2qR8vL3mB7nP1zC4dF6gY0sA2eU8iO3wQ5rJ7h",
                     *       "expires_at": "2026-11-20T17:30:00Z",
                     *       "mfa_enrolment_required": false
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OidcStateInvalid"];
            403: components["responses"]["EmailNotVerified"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdentityConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPartners: {
        parameters: {
            query?: {
                /**
                 * @description A part of the partner's name (any case), or its exact id or API key.
                 * @example northwind
                 */
                q?: components["parameters"]["PartnerSearch"];
                /** @example enabled */
                status?: components["parameters"]["PartnerStatusFilter"];
                /** @example name */
                sort?: components["parameters"]["PartnerSort"];
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "ptn_k3v9x2m7qa",
                     *           "name": "Northwind Streaming",
                     *           "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *           "status": "enabled",
                     *           "last_active_on": "2026-11-20",
                     *           "secrets": [
                     *             {
                     *               "status": "current",
                     *               "created_at": "2026-11-20T09:30:00Z",
                     *               "expires_at": null,
                     *               "last_used_at": "2026-11-20T10:02:11Z"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "updated_at": "2026-11-20T09:30:00Z"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPartner: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A fresh random value per intended change (a UUID); the same change sent again with it is made once.
                 * @example 5f0c6f0e-3b9e-4b7a-9d1e-2c4b8a7e6f10
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Northwind Streaming"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerNameChange"];
            };
        };
        responses: {
            /** @description The partner an earlier request with the same Idempotency-Key created (its secret is not repeated) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Always `true`; this answer repeats an earlier creation. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "partner": {
                     *         "id": "ptn_k3v9x2m7qa",
                     *         "name": "Northwind Streaming",
                     *         "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *         "status": "enabled",
                     *         "last_active_on": "2026-11-20",
                     *         "secrets": [
                     *           {
                     *             "status": "current",
                     *             "created_at": "2026-11-20T09:30:00Z",
                     *             "expires_at": null,
                     *             "last_used_at": "2026-11-20T10:02:11Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "replayed": true
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerCreationReplay"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "partner": {
                     *         "id": "ptn_k3v9x2m7qa",
                     *         "name": "Northwind Streaming",
                     *         "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *         "status": "enabled",
                     *         "last_active_on": "2026-11-20",
                     *         "secrets": [
                     *           {
                     *             "status": "current",
                     *             "created_at": "2026-11-20T09:30:00Z",
                     *             "expires_at": null,
                     *             "last_used_at": "2026-11-20T10:02:11Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "api_secret": "sk_hT5nW2qR8vK3mB7xL1pZ9cJ4dF6gY0sA2eU8iO3wQ5r"
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerCredentials"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ptn_k3v9x2m7qa",
                     *       "name": "Northwind Streaming",
                     *       "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *       "status": "enabled",
                     *       "last_active_on": "2026-11-20",
                     *       "secrets": [
                     *         {
                     *           "status": "current",
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "expires_at": null,
                     *           "last_used_at": "2026-11-20T10:02:11Z"
                     *         }
                     *       ],
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Partner"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    renamePartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Northwind Streaming EU"
                 *     }
                 */
                "application/json": components["schemas"]["PartnerNameChange"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ptn_k3v9x2m7qa",
                     *       "name": "Northwind Streaming",
                     *       "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *       "status": "enabled",
                     *       "last_active_on": "2026-11-20",
                     *       "secrets": [
                     *         {
                     *           "status": "current",
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "expires_at": null,
                     *           "last_used_at": "2026-11-20T10:02:11Z"
                     *         }
                     *       ],
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Partner"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    disablePartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ptn_k3v9x2m7qa",
                     *       "name": "Northwind Streaming",
                     *       "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *       "status": "disabled",
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Partner"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    enablePartner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "ptn_k3v9x2m7qa",
                     *       "name": "Northwind Streaming",
                     *       "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *       "status": "enabled",
                     *       "last_active_on": "2026-11-20",
                     *       "secrets": [
                     *         {
                     *           "status": "current",
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "expires_at": null,
                     *           "last_used_at": "2026-11-20T10:02:11Z"
                     *         }
                     *       ],
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Partner"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    regeneratePartnerSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "partner": {
                     *         "id": "ptn_k3v9x2m7qa",
                     *         "name": "Northwind Streaming",
                     *         "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *         "status": "enabled",
                     *         "last_active_on": "2026-11-20",
                     *         "secrets": [
                     *           {
                     *             "status": "current",
                     *             "created_at": "2026-11-20T09:30:00Z",
                     *             "expires_at": null,
                     *             "last_used_at": "2026-11-20T10:02:11Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "api_secret": "sk_hT5nW2qR8vK3mB7xL1pZ9cJ4dF6gY0sA2eU8iO3wQ5r"
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerCredentials"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rollPartnerSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expires_in_hours": 24
                 *     }
                 */
                "application/json": components["schemas"]["SecretRoll"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "partner": {
                     *         "id": "ptn_k3v9x2m7qa",
                     *         "name": "Northwind Streaming",
                     *         "api_key": "pk_Xq3vN8bR2mK7pL4wT9yZ1cF6",
                     *         "status": "enabled",
                     *         "secrets": [
                     *           {
                     *             "status": "current",
                     *             "created_at": "2026-11-21T08:00:00Z",
                     *             "expires_at": null,
                     *             "last_used_at": null
                     *           },
                     *           {
                     *             "status": "expiring",
                     *             "created_at": "2026-11-20T09:30:00Z",
                     *             "expires_at": "2026-11-22T08:00:00Z",
                     *             "last_used_at": "2026-11-21T07:58:40Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-21T08:00:00Z"
                     *       },
                     *       "api_secret": "sk_hT5nW2qR8vK3mB7xL1pZ9cJ4dF6gY0sA2eU8iO3wQ5r"
                     *     }
                     */
                    "application/json": components["schemas"]["PartnerCredentials"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPartnerGrants: {
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
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "series_id": "ser_7hx2k9qmbd",
                     *           "series_title": "The Small Hours",
                     *           "grants": [
                     *             "read",
                     *             "stream"
                     *           ],
                     *           "updated_at": "2026-11-20T09:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["EntitlementList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setPartnerGrants: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "series_id": "ser_7hx2k9qmbd",
                 *           "grants": [
                 *             "read",
                 *             "stream"
                 *           ]
                 *         },
                 *         {
                 *           "series_id": "ser_9kd4p6vyja",
                 *           "grants": []
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["GrantChanges"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "series_id": "ser_7hx2k9qmbd",
                     *           "grants": [
                     *             "read",
                     *             "stream"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GrantChangeResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changePartnerGrants: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "series_id": "ser_7hx2k9qmbd",
                 *           "add": [
                 *             "stream"
                 *           ]
                 *         },
                 *         {
                 *           "series_id": "ser_9kd4p6vyja",
                 *           "remove": [
                 *             "read",
                 *             "stream"
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["GrantDeltas"];
            };
        };
        responses: {
            /** @description OK, with the partner's grants on each series after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "series_id": "ser_7hx2k9qmbd",
                     *           "grants": [
                     *             "read",
                     *             "stream"
                     *           ]
                     *         },
                     *         {
                     *           "series_id": "ser_9kd4p6vyja",
                     *           "grants": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GrantChangeResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokePartnerGrants: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
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
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listStudioSeries: {
        parameters: {
            query?: {
                /**
                 * @description A part of the series' title (any case).
                 * @example harbour
                 */
                q?: components["parameters"]["SeriesTitleSearch"];
                /** @example drama */
                genre?: components["parameters"]["SeriesGenreFilter"];
                /**
                 * @description Include this partner's grants on each series.
                 * @example ptn_k3v9x2m7qa
                 */
                partner_id?: components["parameters"]["SeriesPartnerFilter"];
                /**
                 * @description Only with `partner_id`; `400` without it.
                 * @example any
                 */
                grant?: components["parameters"]["SeriesGrantFilter"];
                /**
                 * @description Page size. Up to 1,000, so that the console's grants matrix reaches the last of 100,000 series in 100 reads, well within the operator's `Reads` limit.
                 * @example 1000
                 */
                limit?: components["parameters"]["SeriesPageLimit"];
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "ser_7hx2k9qmbd",
                     *           "title": "The Small Hours",
                     *           "status": "returning",
                     *           "season_count": 2,
                     *           "episode_count": 16,
                     *           "genres": [
                     *             "drama"
                     *           ],
                     *           "grants": [
                     *             "read",
                     *             "stream"
                     *           ],
                     *           "updated_at": "2026-11-20T09:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["StudioSeriesList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSeriesGrants: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "series_title": "Harbour Lights",
                     *       "items": [
                     *         {
                     *           "partner_id": "ptn_k3v9x2m7qa",
                     *           "partner_name": "Northwind Streaming",
                     *           "grants": [
                     *             "read"
                     *           ],
                     *           "updated_at": "2026-11-20T09:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["SeriesPartnerGrantList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listStudioEpisodes: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "ep_4mq8z2xkwt",
                     *           "season_number": 1,
                     *           "episode_number": 1,
                     *           "title": "Pilot",
                     *           "duration_seconds": 3120
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["StudioEpisodeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listImportJobs: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "imp_4f8a2c9e1b7d3a60",
                     *           "state": "succeeded",
                     *           "actor": "operator:op_5n2x8k4qzd",
                     *           "series_total": 36,
                     *           "series_done": 36,
                     *           "series_changed": 12,
                     *           "series_unchanged": 24,
                     *           "episodes_changed": 240,
                     *           "error": null,
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "updated_at": "2026-11-20T09:30:04Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["ImportJobList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    importCatalog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "series": [
                 *         {
                 *           "id": "ser_7hx2k9qmbd",
                 *           "title": "The Small Hours"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CatalogImportRequest"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "imp_4f8a2c9e1b7d3a60",
                     *       "state": "running",
                     *       "actor": "operator:op_5n2x8k4qzd",
                     *       "series_total": 36,
                     *       "series_done": 12,
                     *       "series_changed": 12,
                     *       "series_unchanged": 0,
                     *       "episodes_changed": 240,
                     *       "error": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getImportJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example imp_4f8a2c9e1b7d3a60 */
                job_id: components["parameters"]["ImportJobIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "imp_4f8a2c9e1b7d3a60",
                     *       "state": "running",
                     *       "actor": "operator:op_5n2x8k4qzd",
                     *       "series_total": 36,
                     *       "series_done": 12,
                     *       "series_changed": 12,
                     *       "series_unchanged": 0,
                     *       "episodes_changed": 240,
                     *       "error": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ImportJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPartnerUsage: {
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
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-11-01",
                     *       "to": "2026-11-20",
                     *       "group_by": "day",
                     *       "totals": {
                     *         "requests": 1830,
                     *         "stream_resolutions": 210,
                     *         "errors": 12,
                     *         "rate_limited": 3
                     *       },
                     *       "items": [
                     *         {
                     *           "requests": 1830,
                     *           "stream_resolutions": 210,
                     *           "errors": 12,
                     *           "rate_limited": 3,
                     *           "key": "2026-11-20",
                     *           "name": null
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["StudioUsageReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportPartnerUsage: {
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
            };
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description `attachment; filename="…csv"` */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example key,name,requests,stream_resolutions,errors,rate_limited
                     *     ser_7hx2k9qmbd,Harbour Lights,1830,210,12,3
                     */
                    "text/csv": components["schemas"]["CsvExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getUsageOverview: {
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
                /** @example rate_limited */
                rank_by?: components["parameters"]["UsageRankBy"];
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-11-01",
                     *       "to": "2026-11-20",
                     *       "rank_by": "requests",
                     *       "totals": {
                     *         "requests": 1830,
                     *         "stream_resolutions": 210,
                     *         "errors": 12,
                     *         "rate_limited": 3
                     *       },
                     *       "days": [
                     *         {
                     *           "key": "2026-11-19",
                     *           "requests": 1010,
                     *           "stream_resolutions": 120,
                     *           "errors": 7,
                     *           "rate_limited": 3
                     *         },
                     *         {
                     *           "key": "2026-11-20",
                     *           "requests": 820,
                     *           "stream_resolutions": 90,
                     *           "errors": 5,
                     *           "rate_limited": 0
                     *         }
                     *       ],
                     *       "items": [
                     *         {
                     *           "requests": 1830,
                     *           "stream_resolutions": 210,
                     *           "errors": 12,
                     *           "rate_limited": 3,
                     *           "partner_id": "ptn_k3v9x2m7qa",
                     *           "partner_name": "Northwind Streaming"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["UsageOverview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportAuditEntries: {
        parameters: {
            query?: {
                /**
                 * @description Only changes, or only security events.
                 * @example security
                 */
                kind?: components["parameters"]["AuditKind"];
                /**
                 * @description `operator:<id>`, `cli:<user>`, `address:<client address>`, or an operator's email (its entries as `operator:<id>`; an email no operator has matches nothing).
                 * @example operator:op_5n2x8k4qzd
                 */
                actor?: components["parameters"]["AuditActor"];
                /** @example ptn_k3v9x2m7qa */
                partner_id?: components["parameters"]["AuditPartner"];
                /** @example grants.set */
                action?: components["parameters"]["AuditAction"];
                /**
                 * @description Entries at or after this instant.
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: components["parameters"]["AuditFrom"];
                /**
                 * @description Entries before this instant.
                 * @example 2026-11-21T00:00:00Z
                 */
                to?: components["parameters"]["AuditTo"];
                /** @example oldest */
                order?: components["parameters"]["AuditOrder"];
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description `attachment; filename="…csv"` */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example id,at,kind,actor,actor_email,action,target_kind,target_id,target_name,partner_id,partner_name,before,after,address
                     *     42,2026-11-20T09:30:00Z,change,operator:op_5n2x8k4qzd,maya@halcyon-studios.example,partner.rename,partner,ptn_k3v9x2m7qa,Northwind Streaming,ptn_k3v9x2m7qa,Northwind Streaming,"""Northwind""","""Northwind Streaming""",
                     */
                    "text/csv": components["schemas"]["CsvExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /**
                 * @description Only changes, or only security events.
                 * @example security
                 */
                kind?: components["parameters"]["AuditKind"];
                /**
                 * @description `operator:<id>`, `cli:<user>`, `address:<client address>`, or an operator's email (its entries as `operator:<id>`; an email no operator has matches nothing).
                 * @example operator:op_5n2x8k4qzd
                 */
                actor?: components["parameters"]["AuditActor"];
                /** @example ptn_k3v9x2m7qa */
                partner_id?: components["parameters"]["AuditPartner"];
                /** @example grants.set */
                action?: components["parameters"]["AuditAction"];
                /**
                 * @description Entries at or after this instant.
                 * @example 2026-11-01T00:00:00Z
                 */
                from?: components["parameters"]["AuditFrom"];
                /**
                 * @description Entries before this instant.
                 * @example 2026-11-21T00:00:00Z
                 */
                to?: components["parameters"]["AuditTo"];
                /** @example oldest */
                order?: components["parameters"]["AuditOrder"];
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": 43,
                     *           "at": "2026-11-20T09:31:00Z",
                     *           "kind": "security",
                     *           "actor": "address:203.0.113.7",
                     *           "actor_email": null,
                     *           "action": "sign_in.failure",
                     *           "target_kind": "operator",
                     *           "target_id": "op_5n2x8k4qzd",
                     *           "target_name": "maya@halcyon-studios.example",
                     *           "partner_id": null,
                     *           "partner_name": null,
                     *           "before": null,
                     *           "after": {
                     *             "email": "maya@halcyon-studios.example",
                     *             "reason": "wrong_password"
                     *           },
                     *           "address": "203.0.113.7"
                     *         },
                     *         {
                     *           "id": 42,
                     *           "at": "2026-11-20T09:30:00Z",
                     *           "kind": "change",
                     *           "actor": "operator:op_5n2x8k4qzd",
                     *           "actor_email": "maya@halcyon-studios.example",
                     *           "action": "grants.set",
                     *           "target_kind": "series",
                     *           "target_id": "ser_7hx2k9qmbd",
                     *           "target_name": "Harbour Lights",
                     *           "partner_id": "ptn_k3v9x2m7qa",
                     *           "partner_name": "Northwind Streaming",
                     *           "before": [
                     *             "read"
                     *           ],
                     *           "after": [
                     *             "read",
                     *             "stream"
                     *           ],
                     *           "address": null
                     *         }
                     *       ],
                     *       "total": 2,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["AuditList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOperators: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "op_5n2x8k4qzd",
                     *           "email": "maya@halcyon-studios.example",
                     *           "role": "owner",
                     *           "disabled": false,
                     *           "mfa_enabled": false,
                     *           "last_sign_in_at": null,
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "updated_at": "2026-11-20T09:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["OperatorList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    inviteOperator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "lee@halcyon-studios.example",
                 *       "role": "editor"
                 *     }
                 */
                "application/json": components["schemas"]["OperatorInvite"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "operator": {
                     *         "id": "op_8m3q7z1xkd",
                     *         "email": "lee@halcyon-studios.example",
                     *         "role": "editor",
                     *         "disabled": false,
                     *         "mfa_enabled": false,
                     *         "last_sign_in_at": null,
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "initial_password": "Vb3xQ9mK2pL7wN4zR8tY1cF6"
                     *     }
                     */
                    "application/json": components["schemas"]["OperatorInvitation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example op_5n2x8k4qzd */
                operator_id: components["parameters"]["OperatorIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "viewer"
                 *     }
                 */
                "application/json": components["schemas"]["OperatorChange"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "op_5n2x8k4qzd",
                     *       "email": "maya@halcyon-studios.example",
                     *       "role": "viewer",
                     *       "disabled": false,
                     *       "mfa_enabled": true,
                     *       "last_sign_in_at": "2026-11-21T08:12:00Z",
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Operator"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startGrantJob: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A fresh random value per intended change (a UUID); the same change sent again with it is made once.
                 * @example 5f0c6f0e-3b9e-4b7a-9d1e-2c4b8a7e6f10
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "copy_from": "ptn_r8w2n5c1zt",
                 *       "mode": "merge"
                 *     }
                 */
                "application/json": components["schemas"]["GrantJobRequest"];
            };
        };
        responses: {
            /** @description The job an earlier request with the same Idempotency-Key started */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Always `true`; this answer repeats an earlier start. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job_9c1e4a7b2d5f8036",
                     *       "kind": "grants.copy",
                     *       "state": "running",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "actor": "operator:op_5n2x8k4qzd",
                     *       "series_total": 300,
                     *       "series_done": 100,
                     *       "series_changed": 90,
                     *       "series_unchanged": 10,
                     *       "error": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:02Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GrantJob"];
                };
            };
            /** @description Accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job_9c1e4a7b2d5f8036",
                     *       "kind": "grants.copy",
                     *       "state": "running",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "actor": "operator:op_5n2x8k4qzd",
                     *       "series_total": 300,
                     *       "series_done": 100,
                     *       "series_changed": 90,
                     *       "series_unchanged": 10,
                     *       "error": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:02Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GrantJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    previewGrantJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "match": {
                 *         "q": "harbour",
                 *         "genre": "drama"
                 *       },
                 *       "add": [
                 *         "read",
                 *         "stream"
                 *       ],
                 *       "remove": []
                 *     }
                 */
                "application/json": components["schemas"]["GrantJobRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "series_matching": 120,
                     *       "series_changing": 84,
                     *       "grants_added": 150,
                     *       "grants_removed": 0
                     *     }
                     */
                    "application/json": components["schemas"]["GrantJobPreview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getGrantJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example job_9c1e4a7b2d5f8036 */
                job_id: components["schemas"]["GrantJobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job_9c1e4a7b2d5f8036",
                     *       "kind": "grants.copy",
                     *       "state": "running",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "actor": "operator:op_5n2x8k4qzd",
                     *       "series_total": 300,
                     *       "series_done": 100,
                     *       "series_changed": 90,
                     *       "series_unchanged": 10,
                     *       "error": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:02Z"
                     *     }
                     */
                    "application/json": components["schemas"]["GrantJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    previewCatalogImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "series": [
                 *         {
                 *           "id": "ser_7hx2k9qmbd",
                 *           "title": "The Small Hours"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CatalogImportRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "series_added": 1,
                     *       "series_changed": 1,
                     *       "series_unchanged": 34,
                     *       "episodes_added": 8,
                     *       "episodes_changed": 2,
                     *       "episodes_removed": 1,
                     *       "changes": [
                     *         {
                     *           "series_id": "ser_7hx2k9qmbd",
                     *           "title": "The Small Hours",
                     *           "change": "changed",
                     *           "episodes_added": 0,
                     *           "episodes_changed": 2,
                     *           "episodes_removed": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ImportPreview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPasswordResetLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example op_5n2x8k4qzd */
                operator_id: components["schemas"]["OperatorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "reset_path": "/reset-password#token=Qm3xW2qR8vL3mB7nP1zC4dF6gY0sA2eU8iO3wQ5rJ7h",
                     *       "expires_at": "2026-11-21T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PasswordResetLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resetOperatorMfa: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example op_5n2x8k4qzd */
                operator_id: components["schemas"]["OperatorId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    completePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "Qm3xW2qR8vL3mB7nP1zC4dF6gY0sA2eU8iO3wQ5rJ7h",
                 *       "new_password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordReset"];
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "Vb3xQ9mK2pL7wN4zR8tY1cF6",
                 *       "new_password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordChange"];
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startTotpEnrolment: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
                     *       "otpauth_uri": "otpauth://totp/Halcyon%20Studios:maya%40halcyon-studios.example?issuer=Halcyon%20Studios&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30"
                     *     }
                     */
                    "application/json": components["schemas"]["TotpEnrolment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    confirmTotpEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": components["schemas"]["TotpConfirmation"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "recovery_codes": [
                     *         "k7dq-2mxa-9fzt-p3vn",
                     *         "4hbe-x8wc-m2rk-7tqa",
                     *         "q9vz-3nfd-k6ye-w2pm",
                     *         "b5tx-r7qa-2mgc-h8zk",
                     *         "y3wn-6kpd-t9vb-c4rf",
                     *         "m8ha-z2qe-5xkt-w7ny",
                     *         "d6rc-p4vm-8nbq-3xzt",
                     *         "t2ky-h9wf-4dqa-v6mc",
                     *         "n7pb-c3xr-z8ke-2wvq",
                     *         "g4mz-w6ta-k2xd-9rhb"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    disableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "Vb3xQ9mK2pL7wN4zR8tY1cF6"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordConfirmation"];
            };
        };
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "Vb3xQ9mK2pL7wN4zR8tY1cF6"
                 *     }
                 */
                "application/json": components["schemas"]["PasswordConfirmation"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "recovery_codes": [
                     *         "k7dq-2mxa-9fzt-p3vn",
                     *         "4hbe-x8wc-m2rk-7tqa",
                     *         "q9vz-3nfd-k6ye-w2pm",
                     *         "b5tx-r7qa-2mgc-h8zk",
                     *         "y3wn-6kpd-t9vb-c4rf",
                     *         "m8ha-z2qe-5xkt-w7ny",
                     *         "d6rc-p4vm-8nbq-3xzt",
                     *         "t2ky-h9wf-4dqa-v6mc",
                     *         "n7pb-c3xr-z8ke-2wvq",
                     *         "g4mz-w6ta-k2xd-9rhb"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMySessions: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "ses_Yh3k9Pq2x7kT9xW2qR8vL3",
                     *           "current": true,
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "last_seen_at": "2026-11-20T10:02:00Z",
                     *           "expires_at": "2026-11-20T17:30:00Z",
                     *           "address": "203.0.113.7",
                     *           "user_agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    endMySession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ses_Yh3k9Pq2x7kT9xW2qR8vL3 */
                session_id: components["schemas"]["SessionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "id": "whe_q3x8k2m9vdp",
                     *           "partner_id": "ptn_k3v9x2m7qa",
                     *           "url": "https://hooks.northwind.example/halcyon",
                     *           "description": "Catalog sync",
                     *           "event_types": [
                     *             "series.granted",
                     *             "series.withdrawn",
                     *             "episode.added"
                     *           ],
                     *           "status": "enabled",
                     *           "disabled_reason": null,
                     *           "previous_secret_expires_at": null,
                     *           "created_at": "2026-11-20T09:30:00Z",
                     *           "updated_at": "2026-11-20T09:30:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.northwind.example/halcyon",
                 *       "description": "Catalog sync",
                 *       "event_types": [
                 *         "series.granted",
                 *         "series.withdrawn",
                 *         "episode.added"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "endpoint": {
                     *         "id": "whe_q3x8k2m9vdp",
                     *         "partner_id": "ptn_k3v9x2m7qa",
                     *         "url": "https://hooks.northwind.example/halcyon",
                     *         "description": "Catalog sync",
                     *         "event_types": [
                     *           "series.granted",
                     *           "series.withdrawn",
                     *           "episode.added"
                     *         ],
                     *         "status": "enabled",
                     *         "disabled_reason": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPartnerWebhookDeliveries: {
        parameters: {
            query?: {
                endpoint_id?: components["schemas"]["WebhookEndpointId"];
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
            path: {
                /** @example ptn_k3v9x2m7qa */
                partner_id: components["parameters"]["PartnerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "endpoint_id": "whe_q3x8k2m9vdp",
                     *           "event_id": "evt_01jd3k9x2m7qa8v4",
                     *           "event_type": "series.withdrawn",
                     *           "status": "pending",
                     *           "attempts": 2,
                     *           "last_status_code": 503,
                     *           "last_error": "answered 503",
                     *           "last_attempt_at": "2026-11-21T08:00:05Z",
                     *           "next_attempt_at": "2026-11-21T08:05:05Z",
                     *           "delivered_at": null,
                     *           "created_at": "2026-11-21T08:00:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whe_q3x8k2m9vdp */
                endpoint_id: components["parameters"]["EndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_q3x8k2m9vdp",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "url": "https://hooks.northwind.example/halcyon",
                     *       "description": "Catalog sync",
                     *       "event_types": [
                     *         "series.granted",
                     *         "series.withdrawn",
                     *         "episode.added"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whe_q3x8k2m9vdp */
                endpoint_id: components["parameters"]["EndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whe_q3x8k2m9vdp */
                endpoint_id: components["parameters"]["EndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_types": [
                 *         "series.granted",
                 *         "series.withdrawn"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEndpointChange"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_q3x8k2m9vdp",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "url": "https://hooks.northwind.example/halcyon",
                     *       "description": "Catalog sync",
                     *       "event_types": [
                     *         "series.granted",
                     *         "series.withdrawn",
                     *         "episode.added"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    disableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whe_q3x8k2m9vdp */
                endpoint_id: components["parameters"]["EndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_q3x8k2m9vdp",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "url": "https://hooks.northwind.example/halcyon",
                     *       "description": "Catalog sync",
                     *       "event_types": [
                     *         "series.granted",
                     *         "series.withdrawn",
                     *         "episode.added"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whe_q3x8k2m9vdp */
                endpoint_id: components["parameters"]["EndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whe_q3x8k2m9vdp",
                     *       "partner_id": "ptn_k3v9x2m7qa",
                     *       "url": "https://hooks.northwind.example/halcyon",
                     *       "description": "Catalog sync",
                     *       "event_types": [
                     *         "series.granted",
                     *         "series.withdrawn",
                     *         "episode.added"
                     *       ],
                     *       "status": "enabled",
                     *       "disabled_reason": null,
                     *       "previous_secret_expires_at": null,
                     *       "created_at": "2026-11-20T09:30:00Z",
                     *       "updated_at": "2026-11-20T09:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rollWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example whe_q3x8k2m9vdp */
                endpoint_id: components["parameters"]["EndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expires_in_hours": 24
                 *     }
                 */
                "application/json": components["schemas"]["WebhookSecretRoll"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "endpoint": {
                     *         "id": "whe_q3x8k2m9vdp",
                     *         "partner_id": "ptn_k3v9x2m7qa",
                     *         "url": "https://hooks.northwind.example/halcyon",
                     *         "description": "Catalog sync",
                     *         "event_types": [
                     *           "series.granted",
                     *           "series.withdrawn",
                     *           "episode.added"
                     *         ],
                     *         "status": "enabled",
                     *         "disabled_reason": null,
                     *         "previous_secret_expires_at": null,
                     *         "created_at": "2026-11-20T09:30:00Z",
                     *         "updated_at": "2026-11-20T09:30:00Z"
                     *       },
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["RequestHeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
