import { channelsSchema, type Channels } from '#contracts/channels.ts';
import {
  deliveryListSchema,
  deliverySchema,
  type Delivery,
  type DeliveryList,
} from '#contracts/deliveries.ts';
import {
  DEFAULT_SCHEDULE,
  previewItemSchema,
  scheduleResponseSchema,
  type PreviewItem,
  type Schedule,
  type ScheduleResponse,
} from '#contracts/schedule.ts';

// Answers of the delivery API for client tests, each checked by the contract's schema.

let counter = 0;
function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`;
}

export function makeSchedule(change: Partial<Schedule> = {}): Schedule {
  return { ...DEFAULT_SCHEDULE, timeZone: 'Europe/Paris', saved: true, ...change };
}

export function makePreviewItem(change: Partial<PreviewItem> = {}): PreviewItem {
  return previewItemSchema.parse({
    channel: 'email',
    localDate: '2026-03-28',
    slot: '07:30',
    at: '2026-03-28T06:30:00.000Z',
    localTime: '07:30',
    timeZone: 'Europe/Paris',
    offsetChanged: false,
    notes: [],
    inactive: false,
    ...change,
  });
}

export function scheduleAnswer(
  schedule: Schedule = makeSchedule(),
  preview: PreviewItem[] = [],
): ScheduleResponse {
  return scheduleResponseSchema.parse({ schedule, preview });
}

export function makeChannels(change: Partial<Channels> = {}): Channels {
  return channelsSchema.parse({
    email: { enabled: true, address: 'ada@example.com', confirmed: true, unsubscribedAt: null },
    sms: { enabled: false, phone: null, pendingPhone: null, unsubscribedAt: null },
    push: { enabled: false, vapidPublicKey: 'BEl6', subscriptions: [] },
    transports: { email: 'dev-outbox', sms: 'dev-outbox', push: 'dev-outbox' },
    ...change,
  });
}

export function makeDelivery(change: Partial<Delivery> = {}): Delivery {
  return deliverySchema.parse({
    id: uuid(),
    channel: 'email',
    localDate: '2026-03-02',
    slot: '07:30',
    status: 'delivered',
    to: 'ada@example.com',
    scheduledFor: '2026-03-02T06:30:00.000Z',
    sentAt: '2026-03-02T06:30:02.000Z',
    fallbackOf: null,
    tasks: ['Run 2 km', 'Call Mum', 'Read 10 pages'],
    attempts: [
      { attempt: 1, status: 'sent', error: null, permanent: false, at: '2026-03-02T06:30:02.000Z' },
    ],
    error: null,
    ...change,
  });
}

export function deliveryPage(
  deliveries: Delivery[],
  nextCursor: string | null = null,
): DeliveryList {
  return deliveryListSchema.parse({ deliveries, nextCursor });
}
