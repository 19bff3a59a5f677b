/**
 * Portal constants (docs/portal.md#constants) and storage keys (docs/portal.md#storage-keys);
 * both sides read them from here.
 */
export const REQUEST_TIMEOUT_MS = 100000;
export const TOAST_DURATION_MS = 3000;
export const NOTIFICATION_DURATION_MS = 4500;
export const LOADING_FADE_MS = 400;
export const LAZY_IMAGE_THROTTLE_MS = 300;
export const INFINITE_SCROLL_DELAY_MS = 200;
/** clientId the desktop login page uses for QR login. */
export const QR_LOGIN_CLIENT_ID = 3;

export const StorageKey = {
  token: 'X-Token',
  loginUser: 'loginUser',
  lang: 'CURRENT_LANG',
  vipInfo: 'VIPINFO',
  memberVipInfo: 'memberVipInfo',
  floatingAdClosed: 'floatingAdClosed',
} as const;

/** The membership entry whose isVip = 1 makes a user VIP (docs/portal.md#access). */
export const VIP_ENTRY_NAME = '免豆会员';

/** Header name the portal sends its token in. */
export const TOKEN_HEADER = 'X-Token';

export const ROLES = ['member', 'trader', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route (docs/api.md#access-levels). `data` is a membership whose commodity
 * opens data (免豆会员 or 数据会员): the full index history and the Excel exports. `apiKey` is a
 * trader's ERP calling with `X-Api-Key` instead of a user's token (the sync routes); no screen
 * uses it.
 */
export const ACCESS_LEVELS = ['public', 'member', 'vip', 'data', 'trader', 'admin', 'apiKey'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
