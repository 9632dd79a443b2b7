/**
 * The audit trail (changes and security events), filtered by kind, actor, partner, action and a UTC date range, newest first, page by
 * page. Filters apply as one types (after a pause, one request per pause), keep what was typed
 * while a page loads, live in the address (a filtered view can be bookmarked or shared), and a
 * value the studio API would refuse is explained in words before anything is sent.
 */
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, ok } from '../api.js';
import { AuditTable } from '../components/audit-table.js';
import { ProblemNotice } from '../components/problem.js';
import { Empty, Loading } from '../components/states.js';
import { usePages, useSettled } from '../load.js';

type Field = 'kind' | 'actor' | 'partner_id' | 'action' | 'from' | 'to' | 'order';
const FIELDS: Field[] = ['kind', 'actor', 'partner_id', 'action', 'from', 'to', 'order'];

// The shapes of the studio contract's AuditActor, AuditPartner and AuditAction parameters, each with what to tell a person.
const RULES: Partial<Record<Field, { pattern: RegExp; help: string }>> = {
  kind: { pattern: /^(change|security)$/, help: 'A kind is change or security.' },
  actor: { pattern: /^((operator|cli|address):\S|[^@\s]+@[^@\s]+$)/, help: "An operator's email (maya@halcyon-studios.example), operator:op_…, cli:<user> or address:<client address>." },
  partner_id: { pattern: /^ptn_[0-9a-z]{10}$/, help: 'A partner id is ptn_ and 10 lowercase letters or digits, like ptn_k3v9x2m7qa.' },
  action: { pattern: /^[a-z_.]{1,64}$/, help: 'An action is a lowercase name such as partner.create or grants.set.' },
};

/** The day after a YYYY-MM-DD date, as the instant the range ends before. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().replace('.000Z', 'Z');

export default function Audit() {
  const { query, path, route } = useLocation();
  const [text, setText] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, query[f] ?? ''])) as Record<Field, string>);
  const settled = useSettled(text, 300);
  const values = Object.fromEntries(FIELDS.map((f) => [f, settled[f].trim()])) as Record<Field, string>;
  const invalid = FIELDS.filter((f) => values[f] && RULES[f] && !RULES[f]!.pattern.test(values[f]));
  const kind = values.kind as '' | 'change' | 'security';
  const filters = {
    ...(kind && !invalid.includes('kind') ? { kind } : {}),
    ...(values.actor ? { actor: values.actor } : {}),
    ...(values.partner_id ? { partner_id: values.partner_id } : {}),
    ...(values.action ? { action: values.action } : {}),
    ...(values.from ? { from: `${values.from}T00:00:00Z` } : {}),
    ...(values.to ? { to: dayAfter(values.to) } : {}),
    ...(values.order === 'oldest' ? { order: 'oldest' as const } : {}),
  };
  // The same filters as a CSV export's address: the browser downloads what the server streams, every page of it.
  const exportHref = `/api/studio/audit/export${Object.keys(filters).length ? `?${new URLSearchParams(filters).toString()}` : ''}`;
  const key = JSON.stringify(filters);
  // The address holds the filters as typed (replacing, not adding, a history entry per pause).
  useEffect(() => {
    const search = new URLSearchParams(Object.entries(values).filter(([, v]) => v)).toString();
    if (search !== new URLSearchParams(location.search).toString()) route(`${path}${search ? `?${search}` : ''}`, true);
  }, [key]);
  const pages = usePages(
    (cursor) => (invalid.length ? Promise.resolve({ items: [], next_cursor: null }) : ok(api.GET('/api/studio/audit', { params: { query: { ...filters, limit: 100, ...(cursor ? { cursor } : {}) } } }))),
    [key, invalid.length],
  );
  const field = (f: Field, label: string, props: Record<string, string>) => (
    <label>
      {label}
      <input
        {...props}
        value={text[f]}
        aria-invalid={invalid.includes(f)}
        aria-describedby={invalid.includes(f) ? `${f}-help` : undefined}
        onInput={(e) => {
          const value = e.currentTarget.value;
          setText((old) => ({ ...old, [f]: value }));
        }}
      />
    </label>
  );
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit trail</h1>
      <form class="filters" role="search" aria-label="Filter the audit trail" onSubmit={(e) => e.preventDefault()}>
        <label>
          Kind
          <select value={text.kind} onChange={(e) => { const value = e.currentTarget.value; setText((old) => ({ ...old, kind: value })); }}>
            <option value="">Everything</option>
            <option value="change">Changes</option>
            <option value="security">Security events</option>
          </select>
        </label>
        {field('actor', 'Actor', { placeholder: 'Email, operator:op_… or address:ip', type: 'search' })}
        {field('partner_id', 'Partner id', { placeholder: 'ptn_…', type: 'search' })}
        {field('action', 'Action', { placeholder: 'partner.create', type: 'search' })}
        {field('from', 'From (UTC)', { type: 'date' })}
        {field('to', 'To (UTC, inclusive)', { type: 'date' })}
        <label>
          Order
          <select value={text.order || 'newest'} onChange={(e) => { const value = e.currentTarget.value; setText((old) => ({ ...old, order: value === 'oldest' ? value : '' })); }}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
      </form>
      <p class="actions">
        <span class="count" role="status" aria-live="polite">{pages.total === undefined || invalid.length ? '' : `${pages.total.toLocaleString('en')} ${pages.total === 1 ? 'entry matches' : 'entries match'}`}</span>{' '}
        {invalid.length ? null : <a class="button" href={exportHref} download>Export CSV</a>}
      </p>
      {invalid.map((f) => (
        <p key={f} id={`${f}-help`} class="notice notice-error" role="alert">{RULES[f]!.help}</p>
      ))}
      {pages.problem ? <ProblemNotice problem={pages.problem} onRetry={pages.retry} /> : null}
      {pages.items.length === 0 && pages.loading ? <Loading what="audit entries" /> : null}
      {pages.items.length === 0 && !pages.loading && !pages.problem && !invalid.length ? <Empty>No audit entries match these filters. Widen the dates or clear a filter; changes appear here as soon as someone makes them.</Empty> : null}
      {pages.items.length > 0 ? <AuditTable caption={`${kind === 'security' ? 'Security events' : kind === 'change' ? 'Changes' : 'Changes and security events'}, ${values.order === 'oldest' ? 'oldest' : 'newest'} first: ${pages.items.length.toLocaleString('en')}${pages.done ? '' : ` of ${(pages.total ?? pages.items.length).toLocaleString('en')}`} shown`} entries={pages.items} /> : null}
      {!pages.done && pages.items.length > 0 ? <button type="button" onClick={pages.more} disabled={pages.loading}>Load more</button> : null}
    </section>
  );
}
