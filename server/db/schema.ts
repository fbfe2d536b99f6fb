// The tables drizzle-kit reads to generate migrations, and the schema the query builder knows.
export * from './schema/system-settings.ts';
export * from './schema/auth.ts';
export * from './schema/dev-outbox.ts';
export * from './schema/notifications.ts';
export * from './schema/goals.ts';
export * from './schema/delivery.ts';
export * from './schema/mail.ts';
export * from './schema/achievements.ts';
export * from './schema/coaching.ts';
export * from './schema/insights.ts';
export * from './schema/experiments.ts';
export * from './schema/engagement.ts';
export * from './schema/goal-measurements.ts';
export * from './schema/coach-links.ts';
