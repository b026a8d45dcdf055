import path from 'node:path';
import type { Readable } from 'node:stream';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Bucket, Locale } from '@bayclub/shared';
import { translatorFor } from '../../platform/i18n.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { MemberData } from './repository.js';

async function bytesOf(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** The archive's README in the member's language (issue 26); file names stay as they are. */
function readme(appName: string, generatedAt: Date, locale: Locale) {
  const t = translatorFor(locale);
  const file = (name: string, what: string) => `${name.padEnd(20)}${what}`;
  return strToU8(
    [
      t('data-export.readme.title', { appName, at: generatedAt.toISOString() }),
      '',
      file('account.json', t('data-export.readme.account')),
      file('communities.json', t('data-export.readme.communities')),
      file('posts.json', t('data-export.readme.posts')),
      file('messages.json', t('data-export.readme.messages')),
      file('rsvps.json', t('data-export.readme.rsvps')),
      file('payments.json', t('data-export.readme.payments')),
      file('photos/', t('data-export.readme.photos')),
      '',
      t('data-export.readme.times'),
      '',
    ].join('\n'),
  );
}

/**
 * The member's archive as one ZIP: JSON per part and the photos they uploaded, read from storage. Photos are stored
 * as they are (already compressed); the JSON is deflated. Built in memory: a member's files are a gallery of 12,
 * post photos and chat media, tens of megabytes at most.
 */
export async function buildArchive(
  storage: Storage,
  userId: string,
  data: MemberData,
  appName: string,
  now = new Date(),
  locale: Locale = 'en',
): Promise<Uint8Array> {
  const files: Zippable = {
    'README.txt': readme(appName, now, locale),
    'account.json': json({ account: data.account, profile: data.profile, roles: data.roles, applications: data.applications }),
    'communities.json': json(data.memberships),
    'posts.json': json(
      data.posts.map((p) => ({ ...p, photos: data.postPhotos.filter((ph) => ph.postId === p.id).map((ph) => `photos/posts/${path.basename(ph.storageKey)}`) })),
    ),
    'comments.json': json(data.comments),
    'messages.json': json(data.messages),
    'rsvps.json': json(data.rsvps),
    'check-ins.json': json(data.checkIns),
    'payments.json': json(data.payments),
  };

  const add = async (bucket: Bucket, key: string, into: string) => {
    const object = await storage.get(bucket, key);
    if (!object) return; // a file removed since: the archive lists what exists
    files[`photos/${into}/${path.basename(key)}`] = [await bytesOf(object.body), { level: 0 }];
  };
  for (const key of await storage.list('profile-pictures', `${userId}/`)) await add('profile-pictures', key, 'profile');
  for (const g of data.gallery) await add('profile-images', g.storageKey, 'gallery');
  for (const p of data.postPhotos) await add('post-images', p.storageKey, 'posts');
  for (const a of data.attachments) await add('chat-media', a.storageKey, 'chats');

  return zipSync(files, { level: 6, mtime: now });
}
