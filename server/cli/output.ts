/** How the admin CLI writes: one JSON document on stdout with `--json`, aligned text otherwise. */
import { previousSecretValid, type EntitlementRecord, type PartnerRecord } from '../store/index.js';

/** Anything with write(string): process.stdout, or a buffer in tests. */
export interface Writer {
  write(chunk: string): unknown;
}

/** The process's streams and environment, injected so runAdmin never touches globals. */
export interface AdminIO {
  stdout: Writer;
  stderr: Writer;
  env: Record<string, string | undefined>;
}

/** Writes a command's result in the mode the operator asked for. */
export class Output {
  constructor(
    private readonly io: AdminIO,
    readonly json: boolean,
  ) {}

  /** The command's result: `doc` with --json, otherwise the text lines. */
  result(doc: unknown, lines: () => string[]): void {
    if (this.json) this.io.stdout.write(JSON.stringify(doc, null, 2) + '\n');
    else this.io.stdout.write(lines().join('\n') + '\n');
  }

  /** Progress and notes go to stderr so stdout stays one parseable document. */
  progress(message: string): void {
    this.io.stderr.write(message + '\n');
  }
}

/** Rows as left-aligned columns under a header; `empty` when there are no rows. */
export function table(header: string[], rows: string[][], empty: string): string[] {
  if (rows.length === 0) return [empty];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

/** A partner as the CLI shows it. Deliberately field by field: the secret hash must never leak. */
export interface PartnerView {
  partner_id: string;
  name: string;
  api_key: string;
  disabled: boolean;
  credential_version: number;
  /** The current secret, then a roll's old one while it is valid: described, never shown. */
  secrets: SecretView[];
  created_at: string;
  updated_at: string;
}

/** One API secret as the CLI describes it (the studio API's PartnerSecret). */
export interface SecretView {
  status: 'current' | 'expiring';
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/** The public fields of a partner record (never its secret hash). */
export function partnerView(p: PartnerRecord, now: string): PartnerView {
  const secrets: SecretView[] = [{ status: 'current', created_at: p.secretCreatedAt, expires_at: null, last_used_at: p.secretLastUsedAt }];
  const old = p.previousSecret;
  if (previousSecretValid(old, Date.parse(now))) secrets.push({ status: 'expiring', created_at: old.createdAt, expires_at: old.expiresAt, last_used_at: old.lastUsedAt });
  return {
    partner_id: p.id,
    name: p.name,
    api_key: p.apiKey,
    disabled: p.disabled,
    credential_version: p.credentialVersion,
    secrets,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** An entitlement in the contract's Entitlement shape. */
export function entitlementView(e: EntitlementRecord): { series_id: string; series_title: string; grants: string[]; updated_at: string } {
  return { series_id: e.seriesId, series_title: e.seriesTitle, grants: e.grants, updated_at: e.updatedAt };
}

/** A partner's fields as `label: value` lines. */
export function partnerLines(p: PartnerView): string[] {
  return [
    `partner_id:          ${p.partner_id}`,
    `name:                ${p.name}`,
    `api_key:             ${p.api_key}`,
    `status:              ${p.disabled ? 'disabled' : 'enabled'}`,
    `credential_version:  ${p.credential_version}`,
    `created_at:          ${p.created_at}`,
    `updated_at:          ${p.updated_at}`,
    '',
    ...table(
      ['SECRET', 'CREATED_AT', 'EXPIRES_AT', 'LAST_USED_AT'],
      p.secrets.map((s) => [s.status, s.created_at, s.expires_at ?? '-', s.last_used_at ?? 'never']),
      'no secrets',
    ),
  ];
}
