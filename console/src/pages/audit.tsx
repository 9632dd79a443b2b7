/** The audit trail (changes and security events), filtered by kind, actor, partner and action, newest first, page by page. */
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, ok } from '../api.js';
import { AuditTable } from '../components/audit-table.js';
import { ProblemNotice } from '../components/problem.js';
import { Empty, Loading } from '../components/states.js';
import { usePages } from '../load.js';

export default function Audit() {
  const { query } = useLocation();
  const [actor, setActor] = useState('');
  const [partner, setPartner] = useState(query.partner_id ?? '');
  const [action, setAction] = useState('');
  const [kind, setKind] = useState<'' | 'change' | 'security'>(query.kind === 'security' || query.kind === 'change' ? query.kind : '');
  const filters = { ...(kind ? { kind } : {}), ...(actor ? { actor } : {}), ...(partner ? { partner_id: partner } : {}), ...(action ? { action } : {}) };
  const pages = usePages((cursor) => ok(api.GET('/api/studio/audit', { params: { query: { ...filters, limit: 100, ...(cursor ? { cursor } : {}) } } })), [kind, actor, partner, action]);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit trail</h1>
      <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Kind{' '}
          <select value={kind} onChange={(e) => setKind(e.currentTarget.value as typeof kind)}>
            <option value="">Everything</option>
            <option value="change">Changes</option>
            <option value="security">Security events</option>
          </select>
        </label>
        <label>Actor <input value={actor} placeholder="operator:op_…, cli:user or address:ip" onChange={(e) => setActor(e.currentTarget.value.trim())} /></label>
        <label>Partner id <input value={partner} placeholder="ptn_…" onChange={(e) => setPartner(e.currentTarget.value.trim())} /></label>
        <label>Action <input value={action} placeholder="partner.create" onChange={(e) => setAction(e.currentTarget.value.trim())} /></label>
      </form>
      {pages.problem ? <ProblemNotice problem={pages.problem} onRetry={pages.reload} /> : null}
      {pages.items.length === 0 && pages.loading ? <Loading what="audit entries" /> : null}
      {pages.items.length === 0 && !pages.loading && !pages.problem ? <Empty>No audit entries match.</Empty> : null}
      {pages.items.length > 0 ? <AuditTable caption={kind === 'security' ? 'Security events, newest first' : kind === 'change' ? 'Changes, newest first' : 'Changes and security events, newest first'} entries={pages.items} /> : null}
      {!pages.done && pages.items.length > 0 ? <button type="button" onClick={pages.more} disabled={pages.loading}>Load more</button> : null}
    </section>
  );
}
