-- Notifications as data (decision 019): a kind and its parameters instead of an English title and text, rendered
-- when read by the module that owns the kind. Existing rows are read back into kind + params from the templates
-- that wrote them; a row that matches none keeps its words as a 'notifications.legacy' row.
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'connections.hello', "params" = jsonb_build_object(
  'actorId', h."sender_id",
  'actorName', nullif(substring(n."message" from '^(.*?) said hi(?:: ".*")?$'), 'A member'),
  'note', coalesce(h."note", substring(n."message" from '^.*? said hi: "(.*)"$')))
FROM (SELECT n2."id", hl."sender_id", hl."note" FROM "notifications" n2 LEFT JOIN "hellos" hl ON hl."id"::text = n2."related_id") h
WHERE h."id" = n."id" AND n."kind" IS NULL AND n."title" = 'New hello' AND n."message" ~ '^.*? said hi(: ".*")?$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'connections.match', "params" = jsonb_build_object(
  'actorId', (SELECT CASE WHEN m."user1_id" = n."user_id" THEN m."user2_id" ELSE m."user1_id" END FROM "matches" m WHERE m."id"::text = n."related_id"),
  'actorName', nullif(substring(n."message" from '^You and (.*) are connected\. Say hello!$'), 'A member'))
WHERE n."kind" IS NULL AND n."title" = 'It''s a match!' AND n."message" ~ '^You and .* are connected\. Say hello!$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'messaging.message', "params" = jsonb_build_object(
  'actorId', (SELECT CASE WHEN c."participant1_id" = n."user_id" THEN c."participant2_id" ELSE c."participant1_id" END FROM "conversations" c WHERE c."id"::text = n."related_id"),
  'actorName', nullif(substring(n."title" from '^New message from (.*)$'), 'Unknown User'),
  'preview', CASE WHEN n."message" IN ('Sent a video', 'Sent a GIF', 'Sent a photo') THEN NULL ELSE n."message" END,
  'media', CASE n."message" WHEN 'Sent a video' THEN 'video' WHEN 'Sent a GIF' THEN 'gif' WHEN 'Sent a photo' THEN 'image' END)
WHERE n."kind" IS NULL AND n."type" = 'message' AND n."title" ~ '^New message from .*$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'posts.like', "params" = jsonb_build_object(
  'actorId', NULL,
  'actorName', nullif(coalesce((regexp_match(n."message", '^(.*) and \d+ others? liked your post$'))[1], substring(n."message" from '^(.*) liked your post$')), 'A member'),
  'count', coalesce(((regexp_match(n."message", '^.* and (\d+) others? liked your post$'))[1])::int + 1, 1))
WHERE n."kind" IS NULL AND n."type" = 'like' AND n."title" = 'New like' AND n."message" ~ '^.* liked your post$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = CASE WHEN n."message" ~ ' commented on your post$' THEN 'posts.comment' ELSE 'posts.reply' END,
  "params" = jsonb_build_object(
    'actorId', NULL,
    'actorName', nullif(substring(n."message" from '^(.*) (?:commented on your post|replied to your comment)$'), 'A member'),
    'excerpt', NULL)
WHERE n."kind" IS NULL AND n."type" = 'comment' AND n."title" = 'New comment' AND n."message" ~ '^.* (commented on your post|replied to your comment)$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'communities.join_request', "params" = jsonb_build_object(
  'actorId', NULL,
  'actorName', nullif(CASE
    WHEN c."name" IS NOT NULL AND right(n."message", length(' asked to join ' || c."name")) = ' asked to join ' || c."name"
      THEN left(n."message", length(n."message") - length(' asked to join ' || c."name"))
    ELSE substring(n."message" from '^(.*?) asked to join .*$') END, 'A member'),
  'communityName', coalesce(c."name", substring(n."message" from '^.*? asked to join (.*)$')))
FROM (SELECT n2."id", cm."name" FROM "notifications" n2 LEFT JOIN "communities" cm ON cm."id"::text = n2."related_id") c
WHERE c."id" = n."id" AND n."kind" IS NULL AND n."type" = 'group_join' AND n."title" = 'Join request' AND n."message" ~ '^.*? asked to join .*$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'communities.join_approved', "params" = jsonb_build_object(
  'communityName', substring(n."message" from '^Your request to join (.*) was approved$'))
WHERE n."kind" IS NULL AND n."type" = 'group_join' AND n."title" = 'Request approved' AND n."message" ~ '^Your request to join .* was approved$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'applications.approved', "params" = jsonb_build_object(
  'appName', substring(n."message" from '^Welcome to (.*)! Your membership is approved (?:and the full platform is open to you|as a community member)\.$'),
  'accountType', CASE WHEN n."message" ~ 'the full platform is open to you\.$' THEN 'full_platform' ELSE 'community_only' END)
WHERE n."kind" IS NULL AND n."title" = 'Application approved'
  AND n."message" ~ '^Welcome to .*! Your membership is approved (and the full platform is open to you|as a community member)\.$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'applications.rejected', "params" = jsonb_build_object(
  'reason', substring(n."message" from '^Your membership application was not approved\. You keep your account and can delete it at any time in Settings\. Reason: (.*)$'))
WHERE n."kind" IS NULL AND n."title" = 'Application not approved'
  AND n."message" ~ '^Your membership application was not approved\. You keep your account and can delete it at any time in Settings\.( Reason: .*)?$';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'events.created', "params" = jsonb_build_object('eventTitle', substring(n."message" from '^New event: (.*)$'))
WHERE n."kind" IS NULL AND n."type" = 'event' AND n."title" = 'New event' AND n."message" ~ '^New event: ';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'events.updated', "params" = jsonb_build_object('eventTitle', substring(n."message" from '^Event updated: (.*)$'))
WHERE n."kind" IS NULL AND n."type" = 'event' AND n."title" = 'Event updated' AND n."message" ~ '^Event updated: ';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'events.cancelled', "params" = jsonb_build_object('eventTitle', substring(n."message" from '^Cancelled: (.*)$'))
WHERE n."kind" IS NULL AND n."type" = 'event' AND n."title" = 'Event cancelled' AND n."message" ~ '^Cancelled: ';--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'events.promoted', "params" = jsonb_build_object('eventTitle', substring(n."title" from '^You''re in: (.*)$'))
WHERE n."kind" IS NULL AND n."type" = 'event' AND n."title" ~ '^You''re in: '
  AND n."message" = 'A seat opened up and you moved off the waitlist. See you there!';--> statement-breakpoint
-- Reminders quote the start and the venue: they are read from the event, so only rows whose event is still there
-- and still says what the row says become data.
UPDATE "notifications" n SET "kind" = 'events.reminder', "params" = jsonb_build_object(
  'eventTitle', substring(n."title" from '^(?:Tomorrow|Starting soon): (.*)$'),
  'when', CASE WHEN n."title" ~ '^Tomorrow: ' THEN 'day' ELSE 'hour' END,
  'startsAt', to_char(e."starts_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'timeZone', e."time_zone",
  'venue', e."venue")
FROM "events" e
WHERE e."id"::text = n."related_id" AND n."kind" IS NULL AND n."type" = 'event' AND n."title" ~ '^(Tomorrow|Starting soon): '
  AND right(n."message", length(' at ' || e."venue")) = ' at ' || e."venue";--> statement-breakpoint
UPDATE "notifications" n SET "kind" = 'notifications.legacy', "params" = jsonb_build_object('title', n."title", 'message', n."message")
WHERE n."kind" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
