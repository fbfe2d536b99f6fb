-- The unread count (notification_counts) and the live events (NOTIFY trellis_events) are kept by
-- the database itself, whoever writes a notification: the app, the delivery worker's batch, another
-- process or an operator's SQL. Statement-level triggers read the statement's transition tables,
-- so one statement moves each user's count once and the NOTIFYs go out when its transaction
-- commits (never for a rolled-back one). The payload is server/events/event-bus.ts's envelope
-- { u: userId, e: event }; one too large for NOTIFY becomes { type: 'stale' }, as encodeEvent does.

-- A notification as the API shows it (contracts/notifications.ts notificationSchema).
CREATE FUNCTION notification_json(n notifications) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
      'id', n.id,
      'type', n.type,
      'title', n.title,
      'message', n.message,
      'read', n.read,
      'priority', n.priority,
      'created_at', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    || CASE WHEN n.coach_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('coach_id', n.coach_id) END
    || CASE WHEN n.data IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('data', n.data) END
$$;
--> statement-breakpoint

-- NOTIFY trellis_events with event-bus.ts's envelope; too large for NOTIFY (7900 bytes) → stale.
CREATE FUNCTION notify_user_event(user_id uuid, event_type text, event_data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  payload text := jsonb_build_object('u', user_id,
    'e', jsonb_build_object('type', event_type, 'data', event_data))::text;
BEGIN
  IF octet_length(payload) > 7900 THEN
    payload := jsonb_build_object('u', user_id,
      'e', jsonb_build_object('type', 'stale', 'data', jsonb_build_object('type', event_type)))::text;
  END IF;
  PERFORM pg_notify('trellis_events', payload);
END
$$;
--> statement-breakpoint

-- Each user's unread count after a change: 'notifications.changed' for each user in `user_ids`.
CREATE FUNCTION notify_unread_counts(user_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  SELECT notify_user_event(u.id, 'notifications.changed',
      jsonb_build_object('unreadCount', coalesce(c.unread, 0)))
  FROM unnest(user_ids) AS u(id)
  LEFT JOIN notification_counts c ON c.user_id = u.id
$$;
--> statement-breakpoint

CREATE FUNCTION notifications_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_counts (user_id, unread)
    SELECT user_id, count(*) FROM new_rows WHERE NOT read GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET unread = notification_counts.unread + excluded.unread;
  PERFORM notify_user_event(n.user_id, 'notification.created', notification_json(n))
    FROM new_rows n ORDER BY n.created_at, n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION notifications_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  -- What the statement did to each user's unread rows (a row may even change hands).
  WITH moves AS (
    SELECT user_id, -1 AS delta FROM old_rows WHERE NOT read
    UNION ALL
    SELECT user_id, 1 FROM new_rows WHERE NOT read
  ), per_user AS (
    SELECT user_id, sum(delta)::int AS delta FROM moves GROUP BY user_id HAVING sum(delta) <> 0
  ), lowered AS (
    UPDATE notification_counts c SET unread = greatest(c.unread + p.delta, 0)
    FROM per_user p WHERE c.user_id = p.user_id
    RETURNING c.user_id
  )
  INSERT INTO notification_counts (user_id, unread)
    SELECT p.user_id, p.delta FROM per_user p
    WHERE p.delta > 0 AND p.user_id NOT IN (SELECT user_id FROM lowered)
    ON CONFLICT (user_id) DO UPDATE SET unread = notification_counts.unread + excluded.unread;
  -- Every user whose rows the statement changed hears the new count (not the rows it only matched).
  SELECT array_agg(DISTINCT x.user_id) INTO changed FROM (
    SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n IS DISTINCT FROM o
    UNION
    SELECT n.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n IS DISTINCT FROM o
  ) x;
  IF changed IS NOT NULL THEN
    PERFORM notify_unread_counts(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION notifications_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  -- Only lowers existing counts: a user deleted with its notifications (ON DELETE CASCADE) may
  -- have lost its count row already, and must not get a new one.
  UPDATE notification_counts c SET unread = greatest(c.unread - d.n, 0)
    FROM (SELECT user_id, count(*)::int AS n FROM old_rows WHERE NOT read GROUP BY user_id) d
    WHERE c.user_id = d.user_id;
  SELECT array_agg(DISTINCT user_id) INTO changed FROM old_rows;
  IF changed IS NOT NULL THEN
    PERFORM notify_unread_counts(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION notifications_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  SELECT array_agg(user_id) INTO changed FROM notification_counts WHERE unread > 0;
  UPDATE notification_counts SET unread = 0 WHERE unread > 0;
  IF changed IS NOT NULL THEN
    PERFORM notify_unread_counts(changed);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER notifications_counts_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_insert();
--> statement-breakpoint
CREATE TRIGGER notifications_counts_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_update();
--> statement-breakpoint
CREATE TRIGGER notifications_counts_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_delete();
--> statement-breakpoint
CREATE TRIGGER notifications_counts_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_truncate();
--> statement-breakpoint

-- Counts written wrong before the triggers (rows inserted outside the repo) start right.
INSERT INTO notification_counts (user_id, unread)
  SELECT user_id, count(*) FILTER (WHERE NOT read) FROM notifications GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET unread = excluded.unread;
--> statement-breakpoint
UPDATE notification_counts c SET unread = 0
  WHERE unread <> 0 AND NOT EXISTS (
    SELECT 1 FROM notifications n WHERE n.user_id = c.user_id AND NOT n.read);
