/**
 * Login carry-over (docs/portal.md#login-carry-over). The login site may live on another origin,
 * so it cannot write our localStorage; it sends the user back with the session in the query
 * string instead. We store it and reload without those parameters so the token never stays in
 * the address bar, history or a copied link. The page's own parameters (/wareHouse?city=上海)
 * stay: the login returns the user to the page they were on, not to its bare path.
 *
 * Anyone can build such a link with their own token (login CSRF, issue 28): a carried login for
 * another account than the one already logged in is not stored but kept for this tab
 * (`CARRY_PENDING`) until the user chooses which account to keep; a first carried login is stored
 * and noted (`CARRY_ARRIVED`) so the page says who is now logged in. CarryOverNotice shows both.
 */
import { type LoginUser, type MyInfo, StorageKey, VIP_ENTRY_NAME } from '@steelport/contracts';

interface PageLocation {
  search: string;
  pathname: string;
  hash: string;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** sessionStorage key: a carried login for another account, waiting for the user's choice. */
export const CARRY_PENDING = 'sp.carryOver.pending';
/** sessionStorage key: the loginUser of a first carried login, to say who is logged in. */
export const CARRY_ARRIVED = 'sp.carryOver.arrived';
/**
 * sessionStorage key: the loginUser of a carried login that has just registered, to welcome the
 * new member (the beans they start with and what they buy) instead of the plain arrival notice.
 */
export const CARRY_WELCOME = 'sp.carryOver.welcome';
/** Query parameter the login site adds beside the login when the account was just registered. */
export const REGISTERED_PARAM = 'registered';

/** The login parameters of a carry-over, by storage key. */
export type CarriedParams = Partial<Record<(typeof CARRIED)[number], string>>;

const REQUIRED = [StorageKey.token, StorageKey.loginUser, StorageKey.lang] as const;
/** Everything the login site adds to the address; all of it is removed on arrival. */
const CARRIED = [...REQUIRED, StorageKey.vipInfo] as const;

/**
 * Saves a carried-over login into `store` (or, for another account than the one logged in, into
 * `tab` until the user chooses) and returns the URL to reload (the same address without the login
 * parameters), or null when the URL carries no complete login and the page should render as is.
 */
export function applyLoginCarryOver(
  location: PageLocation,
  store: KeyValueStore,
  tab: KeyValueStore,
): string | null {
  const params = new URLSearchParams(location.search);
  if (!REQUIRED.every((key) => params.has(key) && params.get(key) !== '')) return null;

  const carried: CarriedParams = {};
  for (const key of CARRIED) {
    const value = params.get(key);
    if (value) carried[key] = value;
  }
  const current = store.getItem(StorageKey.token);
  // Anyone can add the flag to a link: it only chooses the words of the arrival notice, which
  // still names the account and offers 退出.
  const registered = params.get(REGISTERED_PARAM) === '1';
  tab.removeItem(CARRY_PENDING);
  tab.removeItem(CARRY_ARRIVED);
  tab.removeItem(CARRY_WELCOME);
  if (
    current &&
    current !== carried[StorageKey.token] &&
    !sameUser(store.getItem(StorageKey.loginUser), carried)
  ) {
    tab.setItem(CARRY_PENDING, JSON.stringify(carried));
  } else {
    storeCarriedLogin(store, carried);
    // A login site on this origin has already stored the same session: a new member is still
    // welcomed then; a plain login is announced only when it is news to this browser.
    if (registered) tab.setItem(CARRY_WELCOME, carried[StorageKey.loginUser] ?? '');
    else if (!current) tab.setItem(CARRY_ARRIVED, carried[StorageKey.loginUser] ?? '');
  }
  for (const key of CARRIED) params.delete(key);
  params.delete(REGISTERED_PARAM);
  const rest = params.toString();
  return `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
}

/** Stores a carried login as the session: a new login replaces the whole session. */
export function storeCarriedLogin(store: KeyValueStore, carried: CarriedParams): void {
  for (const key of REQUIRED) store.setItem(key, carried[key] ?? '');
  const vipInfo = carried[StorageKey.vipInfo];
  // Another user's badge must not survive a new login.
  if (vipInfo) store.setItem(StorageKey.vipInfo, vipInfo);
  else store.removeItem(StorageKey.vipInfo);
  store.removeItem(StorageKey.memberVipInfo);
}

/** Whether the stored loginUser and the carried one name the same user id. */
function sameUser(stored: string | null, carried: CarriedParams): boolean {
  const idOf = (raw: string | null | undefined) => {
    try {
      const id = (JSON.parse(raw ?? 'null') as { id?: unknown } | null)?.id;
      return typeof id === 'number' ? id : null;
    } catch {
      return null;
    }
  };
  const storedId = idOf(stored);
  return storedId !== null && storedId === idOf(carried[StorageKey.loginUser]);
}

/** What a login hands on: the token and the user as the login endpoints answer it. */
export interface CarriedLogin {
  token: string;
  user: LoginUser | MyInfo;
}

/**
 * The address that finishes a login on `target` (absolute): the target with X-Token, loginUser,
 * CURRENT_LANG and, when the user has one, VIPINFO (the 免豆会员 entry) in its query, plus
 * `registered=1` after a registration; the hash stays last. The target page's
 * applyLoginCarryOver stores them and reloads without them.
 */
export function buildCarryOverUrl(
  target: string,
  login: CarriedLogin,
  lang: string,
  options: { registered?: boolean } = {},
): string {
  const url = new URL(target);
  if (options.registered) url.searchParams.set(REGISTERED_PARAM, '1');
  else url.searchParams.delete(REGISTERED_PARAM);
  const loginUser = toLoginUser(login.user);
  url.searchParams.set(StorageKey.token, login.token);
  url.searchParams.set(StorageKey.loginUser, JSON.stringify(loginUser));
  url.searchParams.set(StorageKey.lang, lang);
  const vipEntry = loginUser.userNewVipVo.find((entry) => entry.name === VIP_ENTRY_NAME);
  if (vipEntry) url.searchParams.set(StorageKey.vipInfo, JSON.stringify(vipEntry));
  else url.searchParams.delete(StorageKey.vipInfo);
  return url.href;
}

/**
 * The loginUser record (docs/portal.md#storage-keys) of a user: MyInfo without phone and beans,
 * which need not travel in an address bar or sit in storage that every script of the page can
 * read.
 */
export function toLoginUser(user: LoginUser | MyInfo): LoginUser {
  return {
    id: user.id,
    linkMan: user.linkMan,
    role: user.role,
    company: user.company ?? null,
    userNewVipVo: user.userNewVipVo ?? [],
  };
}
