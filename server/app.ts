import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { systemPaths, type RuntimeConfig } from '#contracts/system.ts';
import { createAiGateway, type AiGateway } from './ai/gateway.ts';
import { aiSettingsFromEnv } from './ai/settings.ts';
import { createAccountSessionsService } from './auth/account-sessions.service.ts';
import { createAuthModule, type AuthModule } from './auth/auth.module.ts';
import type { ChannelSenders } from './delivery/channels/index.ts';
import { createDeliveryModule, type DeliveryModule } from './delivery/delivery.module.ts';
import { upcoming } from './modules/schedule/day-contract.ts';
import { verificationSmsText } from './delivery/channels/sms.ts';
import type { MailTransport } from './auth/mail/mailer.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { notFoundBody, registerErrorHandler } from './errors.ts';
import { createEventBus, type EventBus } from './events/event-bus.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerSpa } from './http/spa.ts';
import { systemRoutes } from './http/system.routes.ts';
import { createGoalsModule } from './modules/goals/goals.module.ts';
import { createDeliveryApi } from './modules/deliveries/delivery-api.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { smsStatusRoutes } from './modules/webhooks/sms-status.routes.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service.ts';
import { clientDistDir } from './paths.ts';

export interface AppDeps {
  env: Env;
  database: Database;
  /** Where the built client lives; tests point this at a fixture or at nothing. */
  clientDir?: string;
  logger?: FastifyBaseLogger | boolean;
  version?: string;
  /** The time source for tokens, links and limits; tests move it to check expiry. */
  clock?: () => Date;
  /** Replaces the mail transport SMTP_URL would choose (tests capture emails with it). */
  mailTransport?: MailTransport;
  /** Replaces the AI gateway the AI_* settings would build (tests pass one with mock models). */
  ai?: AiGateway;
  /** Replaces the delivery channels' senders the settings would choose (tests record messages). */
  deliverySenders?: ChannelSenders;
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
     * senders and the link signer. Absent only when the database is not migrated yet.
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
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
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

  const metrics = registerMetrics(app);
  await app.register(systemRoutes({ database: deps.database, metrics }));

  // Supabase-Auth-compatible service; its guard is what product route plugins take in their deps.
  const auth = await createAuthModule({
    db: deps.database.db,
    env: deps.env,
    log: app.log,
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.mailTransport ? { mailTransport: deps.mailTransport } : {}),
    ...(deps.version ? { version: deps.version } : {}),
  });
  await auth.ready().catch((error: unknown) => {
    app.log.error({ err: error }, 'auth keys are not available yet (is the database migrated?)');
  });
  app.decorate('auth', auth);
  app.addHook('onClose', async () => auth.close());
  await app.register(auth.routes, { prefix: '/auth/v1' });
  await app.register(
    accountRoutes({
      guard: auth.guard,
      sessions: createAccountSessionsService({
        db: deps.database.db,
        clock: deps.clock ?? (() => new Date()),
      }),
    }),
  );

  const events = createEventBus(deps.database, {
    onError: (error) => app.log.error({ err: error }, 'event bus'),
  });
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  await app.register(eventsRoutes({ guard: auth.guard, events }));
  const notifications = createNotificationsService({
    db: deps.database.db,
    events,
    clock: deps.clock ?? (() => new Date()),
    log: app.log,
  });
  app.decorate('notifications', notifications);
  await app.register(
    notificationsRoutes({
      guard: auth.guard,
      notifications,
      serviceRoleKey: () => auth.keys.serviceRoleKey,
    }),
  );

  // The one AI gateway; calls are logged until a later module persists them.
  const ai =
    deps.ai ??
    createAiGateway({
      settings: aiSettingsFromEnv(deps.env),
      clock: { now: deps.clock ?? (() => new Date()) },
      recordCall: (record) => app.log.info({ ai: record }, 'coach call'),
    });
  const goals = createGoalsModule({
    db: deps.database.db,
    clock: deps.clock ?? (() => new Date()),
    guard: auth.guard,
    ai,
    notify: (userId, notification) => notifications.notify(userId, notification),
    log: app.log,
  });
  await app.register(goals.routes);

  // Daily delivery. Its worker runs only where main.ts starts it (DELIVERY_WORKER=in-process).
  const delivery = await createDeliveryModule({
    db: deps.database.db,
    database: deps.database,
    env: deps.env,
    clock: deps.clock ?? (() => new Date()),
    log: app.log,
    metrics,
    dayPicks: goals.dayPicks,
    ...(deps.deliverySenders ? { senders: deps.deliverySenders } : {}),
  }).catch((error: unknown) => {
    app.log.error(
      { err: error },
      'daily delivery is not available yet (is the database migrated?)',
    );
    return null;
  });
  if (delivery) {
    app.decorate('delivery', delivery);
    app.addHook('onClose', async () => {
      await delivery.stop();
      await delivery.senders.close();
    });
    // Its API: schedule, channels, deliveries, onboarding, signed links, the admins' dev outbox.
    const deliveryApi = createDeliveryApi({
      db: deps.database.db,
      clock: deps.clock ?? (() => new Date()),
      guard: auth.guard,
      engine: delivery,
      senders: delivery.senders,
      upcoming,
      verificationSmsText,
      tasks: goals.tasks,
      log: app.log,
    });
    await app.register(deliveryApi.routes);
    // The SMS provider's delivery receipts (signed by the provider; 404 while SMS is unconfigured).
    await app.register(
      smsStatusRoutes({
        db: deps.database.db,
        clock: deps.clock ?? (() => new Date()),
        env: deps.env,
      }),
    );
  }

  const runtimeConfig = (): RuntimeConfig => ({
    supabaseUrl: null,
    publishableKey: auth.keys.publishableKey,
    version: deps.version ?? 'dev',
  });
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
    if (wantsPage) return spa.sendIndex(reply);
    return reply.status(404).send(notFoundBody(request.id, request.method, request.url));
  });

  return app;
}
