/**
 * The browser session: what localStorage holds about the logged-in user (the stored client
 * state of docs/portal.md#storage-keys), exposed as a small external store so the header
 * re-renders on login, logout and expiry, including changes made in another tab.
 */
import { type LoginUser, type MembershipEntry, type MyInfo, VIP_ENTRY_NAME } from '@steelport/contracts';
import { useSyncExternalStore } from 'react';
import { toLoginUser } from './carryOver.ts';
import { readItem, readJson, removeItem, SESSION_KEYS, StorageKey, writeItem } from './storage.ts';

export interface Session {
  token: string | null;
  loginUser: LoginUser | null;
  /** The 免豆会员 entry, or whatever list the login site carried over under VIPINFO. */
  vipInfo: MembershipEntry | MembershipEntry[] | null;
  /** The whole membership list (userNewVipVo) of the last myInfo answer. */
  memberVipInfo: MembershipEntry[] | null;
  lang: string | null;
}

const listeners = new Set<() => void>();
let snapshot: Session | null = null;

function readSession(): Session {
  return {
    token: readItem(StorageKey.token) || null,
    loginUser: readJson<LoginUser>(StorageKey.loginUser),
    vipInfo: readJson<MembershipEntry | MembershipEntry[]>(StorageKey.vipInfo),
    memberVipInfo: readJson<MembershipEntry[]>(StorageKey.memberVipInfo),
    lang: readItem(StorageKey.lang),
  };
}

function emit(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || (SESSION_KEYS as readonly string[]).includes(event.key)) emit();
}

/** The current session; the same object until something changes (useSyncExternalStore needs that). */
export function getSession(): Session {
  snapshot ??= readSession();
  return snapshot;
}

/** The stored token, read fresh: the API client sends it on every call. */
export function getToken(): string | null {
  return readItem(StorageKey.token) || null;
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** React hook over the session store. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Who is asking, as query keys carry it: the user's id, `'visitor'` without a token, or
 * `'member'` for a token whose user is not stored yet (myInfo names them a moment later).
 * Never the token itself: it is a secret, and a new login of the same user would miss the cache.
 */
export type Viewer = number | 'member' | 'visitor';

/** The viewer of a session (see Viewer). */
export function viewerOf(session: Session): Viewer {
  if (!session.token) return 'visitor';
  const id = session.loginUser?.id;
  return typeof id === 'number' ? id : 'member';
}

/** React hook: the viewer of the current session, for keys of answers that depend on the caller. */
export function useViewer(): Viewer {
  return viewerOf(useSession());
}

/** Stores what myInfo says about the user: loginUser, the 免豆会员 entry and the whole list. */
export function saveMyInfo(info: MyInfo): void {
  writeItem(StorageKey.loginUser, JSON.stringify(toLoginUser(info)));
  const vipEntry = info.userNewVipVo.find((entry) => entry.name === VIP_ENTRY_NAME);
  if (vipEntry) writeItem(StorageKey.vipInfo, JSON.stringify(vipEntry));
  else removeItem(StorageKey.vipInfo);
  writeItem(StorageKey.memberVipInfo, JSON.stringify(info.userNewVipVo));
  emit();
}

/**
 * Stores a fresh membership list (a paid order's answer carries it): VIPINFO and memberVipInfo
 * as saveMyInfo writes them, and the list inside loginUser, so the header's badge follows at
 * once, before myInfo is asked again. Without a stored login there is nothing to update.
 */
export function saveMemberships(entries: MembershipEntry[]): void {
  const user = readJson<LoginUser>(StorageKey.loginUser);
  if (!readItem(StorageKey.token)) return;
  if (user) writeItem(StorageKey.loginUser, JSON.stringify({ ...user, userNewVipVo: entries }));
  const vipEntry = entries.find((entry) => entry.name === VIP_ENTRY_NAME);
  if (vipEntry) writeItem(StorageKey.vipInfo, JSON.stringify(vipEntry));
  else removeItem(StorageKey.vipInfo);
  writeItem(StorageKey.memberVipInfo, JSON.stringify(entries));
  emit();
}

/**
 * Starts a session after a login on this site (password, registration, QR): the same keys the
 * carry-over writes, so the login site remembers the user as the portal does.
 */
export function saveLogin(token: string, user: MyInfo, lang: string): void {
  writeItem(StorageKey.token, token);
  writeItem(StorageKey.lang, lang);
  saveMyInfo(user);
}

/** Stores the page's language choice (CURRENT_LANG) and tells the session's readers. */
export function saveLanguage(lang: string): void {
  writeItem(StorageKey.lang, lang);
  emit();
}

/** Removes token, language, user and membership data (logout and expired token alike). */
export function clearSession(): void {
  for (const key of SESSION_KEYS) removeItem(key);
  emit();
}

/**
 * The membership list to trust: the freshest source first (myInfo's list), then what the
 * login site carried over.
 */
export function membershipEntries(session: Session): MembershipEntry[] {
  if (Array.isArray(session.memberVipInfo)) return session.memberVipInfo;
  if (Array.isArray(session.loginUser?.userNewVipVo)) return session.loginUser.userNewVipVo;
  if (Array.isArray(session.vipInfo)) return session.vipInfo;
  return session.vipInfo ? [session.vipInfo] : [];
}

/**
 * Whether a logged-in user's memberships open data (full index history, exports): VIP, or an
 * active entry whose commodity opens data (数据会员). The server decides every call anyway.
 */
export function hasDataAccess(session: Session): boolean {
  if (!session.token) return false;
  if (isVipMember(session)) return true;
  return membershipEntries(session).some((entry) => entry?.isVip === 1 && entry.dataAccess === 1);
}

/** A VIP is a logged-in user whose 免豆会员 entry has isVip 1 (docs/portal.md#access). */
export function isVipMember(session: Session): boolean {
  if (!session.token) return false;
  return membershipEntries(session).some((entry) => entry?.name === VIP_ENTRY_NAME && entry.isVip === 1);
}
