import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isPagePath } from '#contracts/pages.ts';
import { systemPaths, type RuntimeConfig } from '#contracts/system.ts';
import type { ConversationAi } from '#server/ai/conversation.ts';
import type { AiGateway } from '#server/ai/gateway.ts';
import type { MailTransport } from '#server/auth/mail/mailer.ts';
import type { Database } from '#server/db/client.ts';
import type { ChannelSenders } from '#server/delivery/channels/index.ts';
import type { Env } from '#server/env.ts';
import { notFoundBody, registerErrorHandler } from '#server/errors.ts';
import { registerMetrics } from '#server/http/metrics.ts';
import type { Resolve } from '#server/http/outbound.ts';
import { clockRoutes } from '#server/http/clock.routes.ts';
import { registerSpa } from '#server/http/spa.ts';
import { systemRoutes } from '#server/http/system.routes.ts';
import { refuseUnsafeText } from '#server/http/text-guard.ts';
import type { AdjustableClock } from '#server/lib/adjustable-clock.ts';
import { logSerializers } from '#server/lib/log-safe-error.ts';
import {
  createModules,
  type AuthModule,
  type DeliveryModule,
  type EventBus,
  type NotificationsService,
} from '#server/modules.ts';
import { clientDistDir } from '#server/paths.ts';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify's types describe Ajv-shaped factories; the zod compilers take the same calls. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export interface AppDeps {
  env: Env;
  database: Database;
  /** Where the built client lives; tests point this at a fixture or at nothing. */
  clientDir?: string;
  logger?: FastifyBaseLogger | boolean;
  version?: string;
  /** The time source for tokens, links and limits; tests move it to check expiry. */
  clock?: () => Date;
  /**
   * CLOCK_CONTROL: the product's clock (today, deliveries, links) becomes this movable one and
   * /api/test/clock moves it, while sign-in and tokens keep `clock`.
   */
  clockControl?: AdjustableClock;
  /** Replaces the mail transport SMTP_URL would choose (tests capture emails with it). */
  mailTransport?: MailTransport;
  /** Replaces the AI gateway the AI_* settings would build (tests pass one with mock models). */
  ai?: AiGateway;
  /** Replaces the conversation's AI gateway (tests pass one with mock models). */
  conversation?: ConversationAi;
  /** Replaces the delivery channels' senders the settings would choose (tests record messages). */
  deliverySenders?: ChannelSenders;
  /** DNS for the URLs the server calls for people (push endpoints); tests pass their own. */
  resolveHost?: Resolve;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth service: `app.auth.guard.authenticate(request)` for product routes (server/auth/README.md). */
    auth: AuthModule;
    /** Per-user live events over LISTEN/NOTIFY, streamed at /api/events. */
    events: EventBus;
    /** `app.notifications.notify(userId, notification)`: how other modules reach a user in the app. */
    notifications: NotificationsService;
    /**
     * Daily delivery's engine (server/delivery): refreshSchedule, sendNow, activeChannels, the
     * senders and the link signer.
     */
    delivery: DeliveryModule;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

// Only the auth API itself: /auth/confirm is a page of the SPA (the email-confirmation landing).
const API_PREFIXES = ['/api/', '/auth/v1/'];

/** Builds the whole HTTP app without listening, so tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger:
      typeof deps.logger === 'object'
        ? undefined
        : deps.logger === false
          ? false
          : {
              level: deps.env.LOG_LEVEL,
              // Errors go out without SQL parameter values (server/lib/log-safe-error.ts).
              serializers: logSerializers,
              redact: {
                paths: [
                  'req.headers.authorization',
                  'req.headers.apikey',
                  'req.headers.cookie',
                  'res.headers["set-cookie"]',
                ],
                censor: '[redacted]',
              },
            },
    trustProxy: deps.env.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Every schema is zod (fastify-type-provider-zod): naming the compilers here keeps Fastify from
    // loading Ajv and fast-json-stringify at start-up for compilers no route would use.
    schemaController: { compilersFactory: zodCompilers },
    forceCloseConnections: 'idle',
    // No per-plugin load timers: every plugin here is ours and registers synchronously or fails.
    pluginTimeout: 0,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  registerErrorHandler(app);

  // Hooks on every request take a callback rather than returning a promise: one microtask fewer each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // The policy is built once here: @fastify/helmet would rebuild and re-parse it on every request.
  const csp = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and Sonner set style attributes and one <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    csp(request.raw, reply.raw, () => done());
  });
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // HSTS only means something over TLS; it is added below when the request came in over https.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Registered before any route: pages and API answers; static assets are served precompressed by the SPA plugin.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });

  // The docs are off in production unless API_DOCS=true (docs/operations.md). When off, their
  // plugins are not even loaded: they are a good part of the start-up's module loading.
  if (deps.env.API_DOCS ?? deps.env.NODE_ENV !== 'production') {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Trellis API',
          version: deps.version ?? 'dev',
          description: 'The product API. Every call takes a Bearer access token from /auth/v1.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  const metrics = registerMetrics(app);
  await app.register(
    systemRoutes({ database: deps.database, metrics, metricsToken: deps.env.METRICS_TOKEN }),
  );

  // Every product module, built in one order and mounted from one list (server/modules.ts). A
  // module that cannot start stops the build with a ModuleStartError naming it.
  const clock = deps.clock ?? (() => new Date());
  const modules = await createModules({
    env: deps.env,
    database: deps.database,
    clock: deps.clockControl?.now ?? clock,
    authClock: clock,
    log: app.log,
    metrics,
    ...(deps.version ? { version: deps.version } : {}),
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
    ...(deps.ai ? { ai: deps.ai } : {}),
    ...(deps.conversation ? { conversation: deps.conversation } : {}),
    ...(deps.deliverySenders ? { deliverySenders: deps.deliverySenders } : {}),
    ...(deps.resolveHost ? { resolveHost: deps.resolveHost } : {}),
  });
  const { auth } = modules;
  app.decorate('auth', auth);
  app.decorate('events', modules.events);
  app.decorate('notifications', modules.notifications);
  app.decorate('delivery', modules.delivery);
  app.addHook('onClose', async () => modules.close());
  // Two-factor sign-in holds for every /api route, before its body is read (server/auth/guard.ts).
  app.addHook('onRequest', auth.guard.checkAssurance);
  // NUL bytes and lone surrogates anywhere in the input: 400, never a database error (contracts/text.ts).
  app.addHook('preValidation', refuseUnsafeText);
  await app.register(modules.routes);
  if (deps.clockControl) {
    await app.register(
      clockRoutes({ clock: deps.clockControl, serviceRoleKey: () => auth.keys.serviceRoleKey }),
    );
  }

  const runtimeConfig = (): RuntimeConfig => {
    const { external } = auth.settings();
    return {
      supabaseUrl: null,
      publishableKey: auth.keys.publishableKey,
      passwordMinLength: deps.env.AUTH_PASSWORD_MIN_LENGTH,
      version: deps.version ?? 'dev',
      signInOptions: { phone: external.phone, anonymous: external.anonymous_users },
    };
  };
  app.get(systemPaths.runtimeConfig.pattern, { schema: { hide: true } }, async () =>
    runtimeConfig(),
  );

  const spa = await registerSpa(app, {
    root: deps.clientDir ?? clientDistDir,
    runtimeConfig,
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      spa !== null &&
      // A missing asset (/assets/x.js, /logo.png) is a 404, not the SPA.
      !/\.[a-z0-9]{1,8}$/i.test(path);
    // The router's own list of pages (contracts/pages.ts): any other path is the not-found page,
    // and says so in its status.
    if (wantsPage) return spa.sendIndex(reply, isPagePath(path) ? 200 : 404);
    return reply.status(404).send(notFoundBody(request.id, request.method, request.url));
  });

  return app;
}
