/** Argument checks shared by the command groups; each throws a usage error (exit 2) on bad input. */
import type { Grant } from '../store/index.js';
import { checkPartnerName } from '../services/partners.js';
import { usageError } from './errors.js';

const SERIES_ID = /^ser_[0-9a-z]{10}$/;
const PARTNER_ID = /^ptn_[0-9a-z]{10}$/;
const GRANT_ORDER: readonly Grant[] = ['read', 'stream'];

/** The series id, or a usage error when it is not `ser_` and 10 characters of [0-9a-z]. */
export function seriesId(value: string): string {
  if (!SERIES_ID.test(value)) throw usageError(`invalid series id "${value}": expected ser_ followed by 10 characters of [0-9a-z]`);
  return value;
}

/** The partner id, or a usage error when it is not `ptn_` and 10 characters of [0-9a-z]. */
export function partnerId(value: string): string {
  if (!PARTNER_ID.test(value)) throw usageError(`invalid partner id "${value}": expected ptn_ followed by 10 characters of [0-9a-z]`);
  return value;
}

/** Parses `read`, `stream` or `read,stream` (either order) into grants in the order read, stream. */
export function grantList(value: string): Grant[] {
  const parts = value.split(',');
  for (const part of parts) {
    if (!(GRANT_ORDER as readonly string[]).includes(part)) {
      throw usageError(`invalid grant "${value}": expected read, stream or read,stream`);
    }
  }
  return GRANT_ORDER.filter((g) => parts.includes(g));
}

/** A partner's display name as the services accept it (trimmed, 1 to 200 printable characters), or a usage error. */
export function partnerName(value: string | undefined): string {
  if (value === undefined) throw usageError('missing --name <name>');
  try {
    return checkPartnerName(value);
  } catch (err) {
    throw usageError(`invalid --name: ${(err as Error).message}`);
  }
}

/** A positive integer option within [min, max], or a usage error naming the flag. */
export function intOption(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw usageError(`invalid --${flag} "${value}": expected an integer from ${min} to ${max}`);
  }
  return Number(value);
}
