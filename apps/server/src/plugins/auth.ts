/**
 * Authentication and access. Every route declares `config.access` (public, member, vip,
 * trader, admin); registering an /api route without it fails at boot. A request that carries a
 * token which is unknown, expired or revoked gets code 3 on any route, so the portal learns
 * at once that its stored session is gone (PORTAL §8) instead of silently browsing anonymous.
 */
import { type Access, type Role, TOKEN_HEADER } from '@steelport/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, NeedLogin, NeedVip, TokenExpired } from '../errors.ts';

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
}

export interface AuthOptions {
  /**
   * Resolves a token to its user, or null when it is unknown, expired or revoked. The account
   * module provides it (app.ts wires it in), so this plugin imports no module.
   */
  findSession: (token: string) => Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Login and registration endpoints never look at a token: a stale one must not block a login. */
    ignoreToken?: boolean;
  }
  interface FastifyRequest {
    /** The caller, or null for a visitor. */
    user: AuthUser | null;
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
    if (!user.dataAccess && user.role !== 'admin') throw new NeedVip('该功能需要开通免豆会员或数据会员');
    return;
  }
  if (access === 'trader') {
    if (user.companyId === null && user.role !== 'admin') throw new Forbidden('该功能仅对已认证的商家开放');
    return;
  }
  if (user.role !== 'admin') throw new Forbidden();
}

async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const isApi =
      (route.url.startsWith('/api/') || route.url.startsWith('/ma/')) && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('preValidation', async (request) => {
    const { access, ignoreToken } = request.routeOptions.config;
    if (!access) return;
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
