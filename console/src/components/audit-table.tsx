/** Audit entries as a table: who did what to which target (named as people know it, its id beneath), with before and after, each target linking to its page. */
import type { Schemas } from '../api.js';

type Entry = Schemas['AuditEntry'];

function targetHref(e: Entry): string | undefined {
  if (e.target_kind === 'partner') return `/partners/${e.target_id}`;
  if (e.target_kind === 'series') return `/catalog?series=${e.target_id}`;
  if (e.target_kind === 'operator') return '/operators';
  return undefined;
}

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

export function AuditTable({ entries, caption }: { entries: Entry[]; caption: string }) {
  return (
    // Explicit roles: below 1,100 px the rows are laid out as cards (style.css), which must not lose the table's semantics.
    <table class="audit" role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">When (UTC)</th>
          <th scope="col" role="columnheader">Who</th>
          <th scope="col" role="columnheader">Action</th>
          <th scope="col" role="columnheader">Partner</th>
          <th scope="col" role="columnheader">Target</th>
          <th scope="col" role="columnheader">Before</th>
          <th scope="col" role="columnheader">After</th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {entries.map((e) => {
          const href = targetHref(e);
          return (
            <tr key={e.id} role="row">
              <td role="cell" data-label="When (UTC)">{e.at.replace('T', ' ').slice(0, 19)}</td>
              <td role="cell" data-label="Who">{e.actor_email ?? e.actor}</td>
              <td role="cell" data-label="Action"><code>{e.action}</code></td>
              <td role="cell" data-label="Partner">{e.partner_id ? <a href={`/partners/${e.partner_id}`}>{e.partner_name ?? e.partner_id}</a> : '—'}</td>
              <td role="cell" data-label="Target">
                {e.target_kind} {href ? <a href={href}>{e.target_name ?? e.target_id}</a> : (e.target_name ?? e.target_id)}
                {e.target_name ? <span class="muted small block"><code>{e.target_id}</code></span> : null}
              </td>
              <td role="cell" data-label="Before" class="change"><code class="json">{show(e.before)}</code></td>
              <td role="cell" data-label="After" class="change"><code class="json">{show(e.after)}</code></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
