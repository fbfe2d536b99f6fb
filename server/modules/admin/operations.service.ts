import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  auditQuerySchema,
  BroadcastInput,
  BroadcastResult,
  DeliveryPeriod,
  DeliveryReport,
  SystemStatus,
} from '#contracts/admin-operations.ts';
import type { DeliveryChannel } from '#contracts/channels.ts';
import type { DeliveryList, deliveryListQuerySchema } from '#contracts/deliveries.ts';
import { recordAudit, listAudit } from '#server/auth/audit.service.ts';
import { accountEmails, accountIdOf, accountIdPages } from '#server/auth/directory.service.ts';
import { requireRole, type AuthContext } from '#server/auth/guard.ts';
import type { Database, Db } from '#server/db/client.ts';
import { migrationStatus } from '#server/db/migration-status.ts';
import { AppError } from '#server/errors.ts';
import {
  deliveryCountsSince,
  deliveryFailuresSince,
  queueDepth,
  type DeliveriesService,
} from '#server/modules/deliveries/deliveries.service.ts';
import { notifyMany } from '#server/modules/notifications/notifications.service.ts';

// The admin area's operations (issue 18, ADR 016: the admin module owns no tables): System,
// Deliveries, Audit log and Broadcast, each composed of the owning module's reads and the auth
// service. Every call checks the admin role first. The AI panel is ai-admin.service.ts.

export const PERIOD_MS: Record<DeliveryPeriod, number> = {
  '24h': 24 * 3600_000,
  '7d': 7 * 24 * 3600_000,
  '30d': 30 * 24 * 3600_000,
};

const FAILURES_SHOWN = 25;
/** Recipients written per statement of a broadcast (one transaction for all of them). */
export const BROADCAST_BATCH = 500;

export interface OperationsDeps {
  db: Db;
  clock: () => Date;
  version: string;
  database: Pick<Database, 'kind' | 'readiness'>;
  worker: {
    mode: 'in-process' | 'off';
    tickMs: number;
    lastTick: () => Promise<Date | null>;
  };
  /** Which provider each channel uses; dev-outbox when its settings are absent. */
  transports: Record<DeliveryChannel, string>;
  /** The deliveries module's per-person record (/schedule's list). */
  deliveries: Pick<DeliveriesService, 'list'>;
  batchSize?: number;
}

export function createOperationsService(deps: OperationsDeps) {
  const { db, clock } = deps;
  const admin = (ctx: AuthContext) => requireRole(ctx, 'admin');

  return {
    async system(ctx: AuthContext): Promise<SystemStatus> {
      admin(ctx);
      const [readiness, migrations, lastTick, queue] = await Promise.all([
        deps.database.readiness(),
        migrationStatus(db),
        deps.worker.lastTick().catch(() => null),
        queueDepth(db).catch(() => []),
      ]);
      return {
        version: deps.version,
        database: {
          kind: deps.database.kind,
          label: deps.database.kind === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL',
        },
        readiness,
        migrations: {
          committed: migrations.committed,
          applied: migrations.applied.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
          pending: migrations.pending,
        },
        worker: {
          mode: deps.worker.mode,
          tickMs: deps.worker.tickMs,
          lastTickAt: lastTick?.toISOString() ?? null,
        },
        queue,
        transports: (Object.entries(deps.transports) as Array<[DeliveryChannel, string]>).map(
          ([channel, transport]) => ({
            channel,
            transport,
            configured: transport !== 'dev-outbox',
          }),
        ),
      };
    },

    async deliveryReport(ctx: AuthContext, period: DeliveryPeriod): Promise<DeliveryReport> {
      admin(ctx);
      const from = new Date(clock().getTime() - PERIOD_MS[period]);
      const [counts, failures] = await Promise.all([
        deliveryCountsSince(db, from),
        deliveryFailuresSince(db, from, FAILURES_SHOWN),
      ]);
      const emails = await accountEmails(
        db,
        failures.map((f) => f.userId),
      );
      return {
        period,
        from: from.toISOString(),
        counts,
        failures: failures.map((row) => ({
          id: row.id,
          channel: row.channel,
          email: emails.get(row.userId) ?? null,
          scheduledFor: row.scheduledFor.toISOString(),
          attempts: row.attempts,
          reason: row.lastError,
          fallback:
            row.fallbackChannel && row.fallbackStatus
              ? { channel: row.fallbackChannel, status: row.fallbackStatus }
              : null,
        })),
      };
    },

    /** One person's deliveries by their address: the record they see on /schedule. */
    async deliveriesOf(
      ctx: AuthContext,
      email: string,
      query: z.output<typeof deliveryListQuerySchema>,
    ): Promise<DeliveryList> {
      admin(ctx);
      const userId = await accountIdOf(db, email);
      if (!userId) throw new AppError('not_found', `No account has the address ${email}.`);
      return deps.deliveries.list(userId, query);
    },

    async audit(ctx: AuthContext, query: z.output<typeof auditQuerySchema>) {
      admin(ctx);
      return listAudit(db, query);
    },

    /**
     * An in-app notification ("other", medium) to every account of the audience, written in
     * batches inside one transaction with its audit entry: everyone gets it, or no one does.
     */
    async broadcast(ctx: AuthContext, input: BroadcastInput): Promise<BroadcastResult> {
      admin(ctx);
      const role = input.audience === 'all' ? null : input.audience;
      const batchSize = deps.batchSize ?? BROADCAST_BATCH;
      const broadcastId = randomUUID();
      return db.transaction(async (tx) => {
        const now = clock();
        let recipients = 0;
        let notified = 0;
        for await (const ids of accountIdPages(tx, role, batchSize)) {
          recipients += ids.length;
          notified += await notifyMany(
            ids.map((userId) => ({
              id: randomUUID(),
              userId,
              type: 'other' as const,
              title: input.title,
              message: input.message,
              priority: 'medium' as const,
              data: { broadcastId },
            })),
            tx,
            now,
          );
        }
        await recordAudit(tx, {
          action: 'admin_broadcast_sent',
          actorType: 'user',
          actorId: ctx.userId,
          details: {
            broadcastId,
            audience: input.audience,
            title: input.title,
            recipients,
            notified,
          },
          createdAt: now,
        });
        return { audience: input.audience, recipients, notified };
      });
    },
  };
}

export type OperationsService = ReturnType<typeof createOperationsService>;
