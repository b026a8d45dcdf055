-- Issue 9, decision 010: every write to the rows a request's Actor is made of (sessions, users.email, the profile's
-- access fields, user_roles, community_members) announces the member's id on the channel bayclub_actor, whoever
-- writes (the app, better-auth, the admin CLI, psql). Payload: '<user id> <transaction id>'. The notification is
-- delivered at COMMIT to every server process, which forgets that member's cached sessions.
-- Sessions with bayclub.notices = on (the app's own pool) also get a NOTICE with the same payload during the
-- statement, so the writing process holds off caching that member until the COMMIT's notification arrives.
CREATE OR REPLACE FUNCTION bayclub_actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_column text := TG_ARGV[0];
  ids text[];
  changed text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    ids := ARRAY[to_jsonb(OLD) ->> user_column];
  ELSIF TG_OP = 'INSERT' THEN
    ids := ARRAY[to_jsonb(NEW) ->> user_column];
  ELSE
    ids := ARRAY[to_jsonb(OLD) ->> user_column, to_jsonb(NEW) ->> user_column];
  END IF;
  FOREACH changed IN ARRAY ids LOOP
    CONTINUE WHEN changed IS NULL;
    changed := changed || ' ' || txid_current();
    PERFORM pg_notify('bayclub_actor', changed);
    IF current_setting('bayclub.notices', true) = 'on' THEN
      RAISE NOTICE 'bayclub_actor %', changed;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_actor_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION bayclub_actor_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bayclub_actor_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_email_actor_changed AFTER UPDATE OF email ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION bayclub_actor_changed('id');
--> statement-breakpoint
CREATE TRIGGER profiles_actor_changed AFTER INSERT OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION bayclub_actor_changed('id');
--> statement-breakpoint
CREATE TRIGGER profiles_access_actor_changed AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    OLD.account_type IS DISTINCT FROM NEW.account_type
    OR OLD.application_status IS DISTINCT FROM NEW.application_status
    OR OLD.is_deactivated IS DISTINCT FROM NEW.is_deactivated
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.full_name IS DISTINCT FROM NEW.full_name
    OR OLD.id IS DISTINCT FROM NEW.id
  ) EXECUTE FUNCTION bayclub_actor_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_roles_actor_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION bayclub_actor_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER community_members_actor_changed AFTER INSERT OR UPDATE OR DELETE ON community_members
  FOR EACH ROW EXECUTE FUNCTION bayclub_actor_changed('user_id');
--> statement-breakpoint
-- Every query of messages is per conversation, and (conversation_id, seq) serves them all. With few conversations
-- and a few busy ones, the planner's average rows per conversation made it walk messages_seq_key backwards and filter
-- by conversation instead: a chat's newest page or the inbox's last message of a quiet conversation scanned every
-- newer message of every other conversation (2.4 ms and 27 ms instead of 0.08 and 0.3 ms, measured with 13,000
-- messages). Planning as if a conversation held about 20 messages keeps it on the conversation's own index range.
ALTER TABLE messages ALTER COLUMN conversation_id SET (n_distinct = -0.05);
--> statement-breakpoint
ANALYZE messages;
