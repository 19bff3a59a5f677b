/**
 * Security headers on every answer (@fastify/helmet), the Content-Security-Policy among them.
 * The portal may be embedded (firminfo) by the configured origins only: `frame-ancestors` names
 * them, and helmet's X-Frame-Options is off because it cannot.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function securityHeadersPlugin(app: FastifyInstance, opts: { allowedEmbedOrigins: string[] }) {
  await app.register(helmet, {
    // The portal may be embedded (firminfo) by the configured origins only.
    frameguard: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd's component styles are its static stylesheet (`theme.zeroRuntime`, apps/web
        // src/App.tsx), but antd still writes the theme's tokens as CSS variables into `<style>`
        // elements at run time (@ant-design/cssinjs), which a policy without 'unsafe-inline'
        // would block: the colours and radii of every component would fall back to defaults.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'", ...opts.allowedEmbedOrigins],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
