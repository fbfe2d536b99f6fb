-- Every Trellis process keeps a short memory of the guard's session check (ADR 020). These
-- triggers tell every process on the database, when the writing transaction commits, that a
-- user's session standing changed: a session ended or changed level, the user was banned,
-- deleted, given another email or role, or gained or lost a factor. The payload is the user's id.
CREATE FUNCTION trellis_notify_session_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('trellis_session_standing', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('trellis_session_standing', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION trellis_notify_user_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('trellis_session_standing', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_standing_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION trellis_notify_session_standing();
--> statement-breakpoint
CREATE TRIGGER sessions_standing_changed AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.aal IS DISTINCT FROM NEW.aal OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION trellis_notify_session_standing();
--> statement-breakpoint
CREATE TRIGGER mfa_factors_standing_changed AFTER INSERT OR DELETE ON mfa_factors
  FOR EACH ROW EXECUTE FUNCTION trellis_notify_session_standing();
--> statement-breakpoint
CREATE TRIGGER mfa_factors_standing_status AFTER UPDATE ON mfa_factors
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION trellis_notify_session_standing();
--> statement-breakpoint
CREATE TRIGGER users_standing_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION trellis_notify_user_standing();
--> statement-breakpoint
CREATE TRIGGER users_standing_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.banned_until IS DISTINCT FROM NEW.banned_until
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.app_metadata IS DISTINCT FROM NEW.app_metadata
  )
  EXECUTE FUNCTION trellis_notify_user_standing();
