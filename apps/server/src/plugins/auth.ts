/**
 * Authentication and access. Every route declares `config.access` (public, member, vip,
 * trader, admin); registering an /api route without it fails at boot. A request that carries a
 * token which is unknown, expired or revoked gets code 3 on any route, so the portal learns at
 * once that its stored session is gone (docs/portal.md#errors) instead of silently browsing
 * anonymous.
 *
 * Access `apiKey` is a trader's ERP: it sends `X-Api-Key` and no token (a token is ignored
 * there, so a logged-in session alone cannot sync), and the route's `apiKeyScope` names what the
 * key must be allowed to sync.
 */
import {
  type Access,
  API_KEY_HEADER,
  type ApiKeyScope,
  Code,
  type Lang,
  type Role,
  TOKEN_HEADER,
} from '@steelport/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, Forbidden, NeedLogin, NeedVip, TokenExpired } from '../errors.ts';
import { type LocalText, say } from '../text.ts';

/** Who is calling, as the session lookup resolved it from the token. */
export interface AuthUser {
  id: number;
  sessionId: number;
  role: Role;
  companyId: number | null;
  linkMan: string;
  /** 免豆会员 active now */
  isVip: boolean;
  /** a membership that opens data (full index history, exports) active now: 免豆会员 or 数据会员 */
  dataAccess: boolean;
  /** a membership that unlocks suppliers' contacts without beans active now: 免豆会员, or a 企业会员 seat */
  freeUnlocks: boolean;
  /** the portal language the user chose (users.lang); null until they choose one */
  lang?: Lang | null;
}

/** Who is calling with an API key, as the key lookup resolved it. */
export interface ApiKeyCaller {
  keyId: number;
  companyId: number;
  scopes: readonly ApiKeyScope[];
}

export interface AuthOptions {
  /**
   * Resolves a token to its user, or null when it is unknown, expired or revoked. The account
   * module provides it (app.ts wires it in), so this plugin imports no module.
   */
  findSession: (token: string) => Promise<AuthUser | null>;
  /**
   * Resolves an API key to its company and scopes, or null when it is unknown or revoked (the
   * api-key module provides it through app.ts). Without it every key is refused.
   */
  findApiKey?: (key: string) => Promise<ApiKeyCaller | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Login and registration endpoints never look at a token: a stale one must not block a login. */
    ignoreToken?: boolean;
    /** Access `apiKey` only: what the key must be allowed to sync. */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The caller, or null for a visitor. */
    user: AuthUser | null;
    /** The ERP's key on an `apiKey` route, null elsewhere. */
    apiKey: ApiKeyCaller | null;
  }
}

/** Reads the token from `X-Token` or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER.toLowerCase()];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct?.trim()) return direct.trim();
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}

const SCOPE_NAMES: Record<ApiKeyScope, LocalText> = {
  stock: say('现货', 'stock'),
  surplus: say('余料', 'surplus'),
  quotations: say('报价', 'quotations'),
};

/** The key an `apiKey` route was called with, checked for `scope`: code 4 missing, 3 unknown, 5 wrong scope. */
async function callerOfKey(
  request: FastifyRequest,
  findApiKey: AuthOptions['findApiKey'],
  scope: ApiKeyScope | undefined,
): Promise<ApiKeyCaller> {
  const header = request.headers[API_KEY_HEADER.toLowerCase()];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key)
    throw new NeedLogin(
      say(`缺少 API 密钥（请求头 ${API_KEY_HEADER}）`, `API key missing (header ${API_KEY_HEADER})`),
    );
  // Longer than any key we issue: refused without a lookup.
  const caller = key.length <= 100 && findApiKey ? await findApiKey(key) : null;
  if (!caller)
    throw new AppError(Code.TokenExpired, say('API 密钥无效或已停用', 'The API key is invalid or disabled'));
  if (!scope || !caller.scopes.includes(scope))
    throw new Forbidden(
      scope
        ? say(`该密钥无权同步${SCOPE_NAMES[scope].zh}`, `This key may not sync ${SCOPE_NAMES[scope].en}`)
        : say('该密钥无权同步', 'This key may not sync this'),
    );
  return caller;
}

/** Whether `user` may call a route with `access`: the same rule the portal's route guards use. */
export function checkAccess(access: Access, user: AuthUser | null): void {
  if (access === 'public') return;
  if (!user) throw new NeedLogin();
  if (access === 'member') return;
  if (access === 'vip') {
    if (!user.isVip) throw new NeedVip();
    return;
  }
  if (access === 'data') {
    if (!user.dataAccess && user.role !== 'admin')
      throw new NeedVip(
        say('该功能需要开通免豆会员或数据会员', 'This feature needs the bean-free or the data membership'),
      );
    return;
  }
  if (access === 'trader') {
    if (user.companyId === null && user.role !== 'admin')
      throw new Forbidden(say('该功能仅对已认证的商家开放', 'This feature is open to verified traders only'));
    return;
  }
  // A person never passes a route meant for an ERP's key (the hook checks those by key).
  if (access === 'apiKey')
    throw new Forbidden(say('该接口需用 API 密钥调用', 'This endpoint must be called with an API key'));
  if (user.role !== 'admin') throw new Forbidden();
}

async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);

  app.addHook('onRoute', (route) => {
    const isApi =
      (route.url.startsWith('/api/') || route.url.startsWith('/ma/')) && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // A key is checked before the body is read: a sync body may be megabytes, and a caller
  // without a valid key must not make the server parse it.
  app.addHook('onRequest', async (request) => {
    const { access, apiKeyScope } = request.routeOptions.config;
    if (access === 'apiKey') request.apiKey = await callerOfKey(request, opts.findApiKey, apiKeyScope);
  });

  app.addHook('preValidation', async (request) => {
    const { access, ignoreToken } = request.routeOptions.config;
    if (!access || access === 'apiKey') return;
    const token = ignoreToken ? null : tokenOf(request);
    if (token) {
      const user = await opts.findSession(token);
      if (!user) throw new TokenExpired();
      request.user = user;
    }
    checkAccess(access, request.user);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
