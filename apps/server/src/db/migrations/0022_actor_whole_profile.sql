-- Issue 25: the session cache's Actor now carries the member's whole profile row, so /api/me runs no SQL. Every
-- change of the row (not only its access fields) must therefore drop the member's cached Actors, in every process.
-- An UPDATE that changes nothing still announces nothing.
DROP TRIGGER IF EXISTS profiles_access_actor_changed ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_actor_row_changed AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bayclub_actor_changed('id');
