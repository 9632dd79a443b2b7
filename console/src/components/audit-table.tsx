/** Audit entries as a table: who did what to which target, with before and after, each target linking to its page. */
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
    <table class="audit">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">When (UTC)</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Partner</th>
          <th scope="col">Target</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => {
          const href = targetHref(e);
          return (
            <tr key={e.id}>
              <td>{e.at.replace('T', ' ').slice(0, 19)}</td>
              <td>{e.actor_email ?? e.actor}</td>
              <td><code>{e.action}</code></td>
              <td>{e.partner_id ? <a href={`/partners/${e.partner_id}`}>{e.partner_id}</a> : '—'}</td>
              <td>{href ? <a href={href}>{e.target_kind} {e.target_id}</a> : `${e.target_kind} ${e.target_id}`}</td>
              <td><code class="json">{show(e.before)}</code></td>
              <td><code class="json">{show(e.after)}</code></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
