-- Issue 26: the member's language. The session cache's Actor carries it (mails, pushes and error texts follow it),
-- so its change drops the member's cached Actors in every process, as an e-mail change does (migration 0004).
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'es'));--> statement-breakpoint
CREATE TRIGGER users_language_actor_changed AFTER UPDATE OF language ON users
  FOR EACH ROW WHEN (OLD.language IS DISTINCT FROM NEW.language) EXECUTE FUNCTION bayclub_actor_changed('id');
