/** The signed-in operator, shared by every page: who they are, their role, and signing out. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Schemas } from './api.js';

export type Operator = Schemas['Operator'];
export type Role = Schemas['Role'];

const RANK: Record<Role, number> = { viewer: 0, editor: 1, owner: 2 };

export interface SessionValue {
  operator: Operator;
  /** Owners must enrol a second factor before anything else (the studio's configuration). */
  mfaEnrolmentRequired: boolean;
  signOut: () => void;
  /** Reads the session again (after the operator's own record changed). */
  refresh: () => void;
  /** The session has ended some other way (signed out everywhere): back to signing in. */
  ended: () => void;
}

export const SessionContext = createContext<SessionValue | undefined>(undefined);

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}

/** Whether the operator's role allows what needs `role`; the API enforces it, the console hides what would be refused. */
export function useCan(role: Role): boolean {
  return RANK[useSession().operator.role] >= RANK[role];
}
