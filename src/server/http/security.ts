// Security headers for every response, and an Origin check for our own state-changing API routes
// (Better Auth checks its own routes). See docs/decisions/0005-security-baseline.md.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from './errors';

/**
 * Pages whose address is itself a secret — a shared health record, an unsubscribe link, an
 * invitation: they send no referrer (a link clicked on them would carry the token elsewhere) and
 * ask not to be indexed. Said here, where every page's headers are set, so nothing overwrites it.
 */
export const secretPagePrefixes = ['/record/', '/unsubscribe/', '/invite/'] as const;

export function securityHeaders(options: { secure: boolean }): MiddlewareHandler {
  const page = pageHeaders(options, 'strict-origin-when-cross-origin');
  const secretPage = pageHeaders(options, 'no-referrer');
  return async (c, next) => {
    if (!secretPagePrefixes.some((prefix) => c.req.path.startsWith(prefix))) return page(c, next);
    await secretPage(c, next);
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  };
}

function pageHeaders(
  options: { secure: boolean },
  referrerPolicy: 'strict-origin-when-cross-origin' | 'no-referrer',
): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Scan Tag compiles our own ZXing WebAssembly where the browser has no BarcodeDetector
      // (decision 0046): compiling WebAssembly, not evaluating strings of script
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: options.secure ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: ['self'], geolocation: [], microphone: [] },
  });
}

/**
 * The API answers JSON and images, never pages: what protects it is the short list below
 * (nothing may frame or sniff it, no referrer leaks, HTTPS only). Fewer bytes on every response.
 */
export function apiSecurityHeaders(options: { secure: boolean }): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    strictTransportSecurity: options.secure ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'no-referrer',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses a state-changing request whose Origin (or, lacking it, Referer) is not ours. */
export function sameOriginOnly(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const source = c.req.header('origin') ?? c.req.header('referer');
      let origin: string | undefined;
      try {
        origin = source ? new URL(source).origin : undefined;
      } catch {
        origin = undefined;
      }
      if (origin !== appOrigin) {
        throw new AppError(403, 'INVALID_ORIGIN', 'This request must come from the Paddock app itself.');
      }
    }
    await next();
  };
}
