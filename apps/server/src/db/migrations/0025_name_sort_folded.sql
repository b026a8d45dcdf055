-- Issue 26: member names sort as a reader expects, accents aside: "Álvaro" with the a's, not after "Zoe" as its bytes
-- would. The directory's, the back office's and the CRM's name sorts order by bayclub_fold (migration 0024); the two
-- indexes that walk a name sort are rebuilt on that expression.
DROP INDEX "profiles_directory_name_idx";--> statement-breakpoint
DROP INDEX "profiles_admin_name_idx";--> statement-breakpoint
CREATE INDEX "profiles_directory_name_idx" ON "profiles" USING btree (bayclub_fold(coalesce("full_name", '')),"id") WHERE not "profiles"."is_deactivated";--> statement-breakpoint
CREATE INDEX "profiles_admin_name_idx" ON "profiles" USING btree (bayclub_fold(coalesce("full_name", '')),"id");