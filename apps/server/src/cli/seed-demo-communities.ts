import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { City } from '@bayclub/shared';
import type { Db } from '../db/client.js';
import { communities, communityMembers, postComments, postImages, postLikes, posts, reports } from '../db/schema/index.js';
import { processImage } from '../platform/images.js';
import type { Storage } from '../platform/storage/index.js';

/**
 * The community half of `npm run seed:demo` (issue 10): ten communities across the six cities (public and private,
 * open and by request) with creators, moderators and members, 200+ posts over the last three weeks (about 30 with
 * photos), likes, comments with replies, one pending join request and one reported post, so Home is alive the moment
 * a newcomer signs in. Photos are drawn here (sharp renders an SVG) and go through the same re-encoding as uploads.
 */
interface DemoCommunity {
  name: string;
  slug: string;
  city: City;
  visibility: 'public' | 'private';
  joinPolicy: 'open' | 'request';
  interests: string[];
  description: string;
  palette: [string, string, string];
  topics: string[];
}

const COMMUNITIES: DemoCommunity[] = [
  {
    name: 'Tampa Sunset Runners', slug: 'sunset-runners', city: 'tampa', visibility: 'public', joinPolicy: 'open',
    interests: ['Running', 'Fitness', 'Outdoors'], palette: ['#ff7e5f', '#feb47b', '#1f3b5a'],
    description: 'Easy evening runs along Bayshore Boulevard, every pace welcome. Tuesdays and Thursdays at 6:30 pm.',
    topics: ['Bayshore loop tonight', 'new shoes', 'the 5K in December', 'hydration tips', 'a slower group'],
  },
  {
    name: 'St Pete Foodies', slug: 'st-pete-foodies', city: 'st_pete', visibility: 'public', joinPolicy: 'open',
    interests: ['Food & Dining', 'Cooking'], palette: ['#f6d365', '#fda085', '#5b2c1a'],
    description: 'Brunch spots, taco trucks and hidden gems on Central Avenue. Share what you ate and where.',
    topics: ['brunch on Central', 'the new ramen place', 'Saturday market', 'best Cuban sandwich', 'dessert crawl'],
  },
  {
    name: 'Clearwater Beach Volleyball', slug: 'clearwater-volleyball', city: 'clearwater', visibility: 'public',
    joinPolicy: 'request', interests: ['Sports', 'Beach', 'Fitness'], palette: ['#43cea2', '#185a9d', '#f7e6b5'],
    description: 'Pickup games at Pier 60 most Saturdays. Ask to join and tell us your level.',
    topics: ['Saturday pickup', 'net at Pier 60', 'sunscreen reminder', 'doubles tournament', 'new players'],
  },
  {
    name: 'Brandon Parents Circle', slug: 'brandon-parents', city: 'brandon', visibility: 'private', joinPolicy: 'request',
    interests: ['Family', 'Parenting'], palette: ['#a18cd1', '#fbc2eb', '#3d2c5a'],
    description: 'Playdates, school tips and a place to ask anything. Private: posts are for members only.',
    topics: ['playground meetup', 'school supply swap', 'babysitter recs', 'rainy day ideas', 'birthday parties'],
  },
  {
    name: 'Sarasota Book Club', slug: 'sarasota-books', city: 'sarasota', visibility: 'public', joinPolicy: 'open',
    interests: ['Reading', 'Arts & Culture'], palette: ['#c79081', '#dfa579', '#2d1e16'],
    description: 'One book a month, one good conversation at the end of it. This month: something with a beach.',
    topics: ['this month’s pick', 'chapter 12 (no spoilers)', 'library sale', 'next vote', 'audiobook or paper'],
  },
  {
    name: 'Lakeland Trails & Hikes', slug: 'lakeland-trails', city: 'lakeland', visibility: 'public', joinPolicy: 'open',
    interests: ['Hiking', 'Outdoors', 'Nature'], palette: ['#56ab2f', '#a8e063', '#1e3d14'],
    description: 'Weekend hikes around Lakeland and day trips to the state parks. Bring bug spray.',
    topics: ['Circle B Bar Reserve', 'alligator sighting', 'trail conditions', 'carpool Sunday', 'sunrise hike'],
  },
  {
    name: 'Tampa Tech & Coffee', slug: 'tampa-tech-coffee', city: 'tampa', visibility: 'public', joinPolicy: 'open',
    interests: ['Technology', 'Networking', 'Coffee'], palette: ['#355c7d', '#6c5b7b', '#c06c84'],
    description: 'Founders, designers and engineers who like good coffee. Monthly meetups in Ybor.',
    topics: ['coworking Friday', 'job opening', 'side projects', 'the Ybor meetup', 'a pitch to practise'],
  },
  {
    name: 'St Pete Live Music', slug: 'st-pete-music', city: 'st_pete', visibility: 'public', joinPolicy: 'request',
    interests: ['Music', 'Nightlife'], palette: ['#8e2de2', '#4a00e0', '#ff6a88'],
    description: 'Who is playing this weekend, who wants to go, and where the good seats are.',
    topics: ['jazz at the Palladium', 'open mic', 'tickets to spare', 'a local band', 'outdoor concert'],
  },
  {
    name: 'Clearwater Kayak Crew', slug: 'clearwater-kayak', city: 'clearwater', visibility: 'private', joinPolicy: 'open',
    interests: ['Water Sports', 'Outdoors'], palette: ['#00c6ff', '#0072ff', '#e0f7fa'],
    description: 'Paddling the mangroves of Caladesi and beyond. Private group, anyone can join.',
    topics: ['mangrove tunnel', 'dolphins today', 'rental deals', 'tide times', 'sunset paddle'],
  },
  {
    name: 'Sarasota Yoga Mornings', slug: 'sarasota-yoga', city: 'sarasota', visibility: 'public', joinPolicy: 'open',
    interests: ['Yoga', 'Wellness'], palette: ['#ffecd2', '#fcb69f', '#7a4e3a'],
    description: 'Free yoga on Lido Beach at 7 am, weather permitting. Mats to borrow.',
    topics: ['Lido at 7', 'a gentle flow', 'breathing', 'mat swap', 'full moon session'],
  },
];

const OPENERS = [
  'Who is in for {t} this week?',
  'Quick one about {t}:',
  'Loved {t} yesterday, thank you all!',
  'Anyone have thoughts on {t}?',
  'Reminder: {t} is coming up.',
  'Just tried {t} for the first time.',
  'Photos from {t} below.',
];
const CLOSERS = [
  'Let me know in the comments.',
  'Bring a friend!',
  'See you there.',
  'Happy to carpool from downtown.',
  'More details soon.',
  'This group is the best part of my week.',
  '',
];
const COMMENTS = [
  'Count me in!',
  'Great idea, I will be there.',
  'Thanks for organising this.',
  'Can I bring my partner?',
  'What time exactly?',
  'Love this so much.',
  'I missed the last one, not this time!',
  'Saving this for later.',
  'So good to see everyone.',
  'Same here, let me know.',
];
const REPLIES = ['Yes, see you!', 'Around 6, I think.', 'Of course!', 'Agreed.', 'Haha, true.'];

/** A demo photo: a sky, a sun and water in the community's colours, drawn as SVG and re-encoded like an upload. */
export function drawScene(palette: [string, string, string], seed: number, width = 1200, height = 800): Promise<Buffer> {
  const [sky, glow, ground] = palette;
  const sunX = 200 + ((seed * 97) % (width - 400));
  const horizon = Math.round(height * (0.55 + ((seed * 13) % 20) / 100));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${glow}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <circle cx="${sunX}" cy="${horizon - 60}" r="${70 + (seed % 40)}" fill="#fff6d5" opacity="0.85"/>
    <rect y="${horizon}" width="100%" height="${height - horizon}" fill="${ground}"/>
    <path d="M0 ${horizon} Q ${width / 4} ${horizon - 40 - (seed % 50)} ${width / 2} ${horizon} T ${width} ${horizon} V ${height} H 0 Z" fill="${ground}" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function storeImage(storage: Storage, base: string, input: Buffer) {
  const image = await processImage(input);
  for (const v of image.variants) await storage.put('post-images', `${base}${v.suffix}.webp`, v.body, 'image/webp');
  const large = image.variants.find((v) => v.suffix === '') ?? image.variants[0]!;
  return { key: `${base}.webp`, width: large.width, height: large.height };
}

export async function seedDemoCommunities(
  db: Db,
  storage: Storage,
  opts: { memberIds: string[]; adminId: string; limitedIds: string[]; rand: () => number },
): Promise<{ communities: number; posts: number; photos: number; likes: number; comments: number }> {
  const { memberIds, adminId, rand } = opts;
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const now = Date.now();
  const totals = { communities: 0, posts: 0, photos: 0, likes: 0, comments: 0 };
  const full = memberIds.filter((id) => !opts.limitedIds.includes(id));

  for (const [ci, c] of COMMUNITIES.entries()) {
    const id = crypto.randomUUID();
    const creator = full[(ci * 3 + 2) % full.length]!;
    const moderator = full[(ci * 3 + 3) % full.length]!;
    // 12-30 members, the admin in a few, limited members in some; the creator and moderator first.
    const others = memberIds.filter((m) => m !== creator && m !== moderator && rand() < 0.35);
    if (ci % 3 === 0) others.push(adminId);
    const active = [creator, moderator, ...new Set(others)];
    const ts = Date.now();
    const cover = await storeImage(storage, `communities/${id}/${ts}-cover`, await drawScene(c.palette, ci + 1, 1600, 600));
    const avatar = await storeImage(storage, `communities/${id}/${ts}-avatar`, await drawScene(c.palette, ci + 7, 400, 400));
    const createdAt = new Date(now - (40 + ci * 3) * 86_400_000);
    await db.transaction(async (tx) => {
      await tx.insert(communities).values({
        id,
        name: c.name,
        urlSlug: c.slug,
        description: c.description,
        visibility: c.visibility,
        joinPolicy: c.joinPolicy,
        city: c.city,
        interests: c.interests,
        coverImageKey: cover.key,
        avatarImageKey: avatar.key,
        memberCount: active.length,
        createdBy: creator,
        createdAt,
      });
      await tx.insert(communityMembers).values(
        active.map((userId, i) => ({
          communityId: id,
          userId,
          role: i === 0 ? ('creator' as const) : i === 1 ? ('moderator' as const) : ('member' as const),
          status: 'active' as const,
          createdAt: new Date(createdAt.getTime() + i * 3_600_000),
        })),
      );
      // Someone waits for a decision in the by-request communities: the demo's moderators have work to do.
      if (c.joinPolicy === 'request') {
        const asking = memberIds.find((m) => !active.includes(m) && !opts.limitedIds.includes(m));
        if (asking) await tx.insert(communityMembers).values({ communityId: id, userId: asking, role: 'member', status: 'pending' });
      }
    });
    totals.communities++;

    // About 20 posts per community over the last three weeks, a third of the first ten with a photo.
    const postCount = 18 + (ci % 5);
    for (let p = 0; p < postCount; p++) {
      const author = pick(active);
      const postId = crypto.randomUUID();
      const topic = pick(c.topics);
      const content = `${pick(OPENERS).replace('{t}', topic)} ${pick(CLOSERS)}`.trim();
      const createdAtPost = new Date(now - Math.floor(rand() * 21 * 86_400_000));
      const withPhoto = p < 10 && p % 3 === 0;
      const photo = withPhoto
        ? await storeImage(storage, `posts/${author}/${createdAtPost.getTime()}-${crypto.randomBytes(4).toString('hex')}`, await drawScene(c.palette, ci * 31 + p))
        : null;
      const likers = active.filter((m) => m !== author && rand() < 0.3);
      const commenters = active.filter((m) => m !== author && rand() < 0.12).slice(0, 4);
      await db.transaction(async (tx) => {
        await tx.insert(posts).values({
          id: postId,
          authorId: author,
          communityId: id,
          content,
          imageKeys: photo ? [photo.key] : [],
          imageSizes: photo ? [`${photo.width}x${photo.height}`] : [],
          likeCount: likers.length,
          commentCount: 0,
          createdAt: createdAtPost,
        });
        if (photo) await tx.insert(postImages).values({ storageKey: photo.key, uploaderId: author, postId, width: photo.width, height: photo.height, createdAt: createdAtPost });
        if (likers.length) await tx.insert(postLikes).values(likers.map((userId) => ({ postId, userId, createdAt: createdAtPost })));
        let comments = 0;
        for (const [k, commenter] of commenters.entries()) {
          const at = new Date(createdAtPost.getTime() + (k + 1) * 1_800_000);
          const [row] = await tx
            .insert(postComments)
            .values({ postId, authorId: commenter, content: pick(COMMENTS), createdAt: at })
            .returning({ id: postComments.id });
          comments++;
          if (k === 0 && rand() < 0.6) {
            await tx.insert(postComments).values({ postId, authorId: author, parentId: row!.id, content: pick(REPLIES), createdAt: new Date(at.getTime() + 600_000) });
            comments++;
          }
        }
        if (comments) await tx.update(posts).set({ commentCount: comments }).where(eqId(postId));
        totals.likes += likers.length;
        totals.comments += comments;
      });
      totals.posts++;
      if (photo) totals.photos++;
    }
    await db.update(communities).set({ postCount }).where(eqCommunity(id));

    // One reported post in the first community, for its moderators' queue.
    if (ci === 0) {
      const [target] = await db.select({ id: posts.id, authorId: posts.authorId }).from(posts).where(eqCommunityPosts(id)).limit(1);
      const reporter = active.find((m) => m !== target!.authorId)!;
      await db.insert(reports).values({ reporterId: reporter, reportedUserId: target!.authorId, reason: 'spam', details: 'Looks like an ad.', postId: target!.id, communityId: id });
      await db.update(posts).set({ reportCount: 1 }).where(eqId(target!.id));
    }
  }

  // Member-wide posts: what everyone sees on Home besides their communities.
  for (let p = 0; p < 24; p++) {
    const author = pick(full);
    const content = pick([
      'New to Bay Club and already found three groups I love. Hi everyone!',
      'Does anyone know a good mechanic in Brandon? Asking for my very old Honda.',
      'Sunset from the Skyway fishing pier tonight was unreal.',
      'Looking for a tennis partner on weekday mornings in St Pete.',
      'Thank you to whoever recommended the Cuban place on 7th. Life changing.',
      'Is anyone going to the Gasparilla planning meetup?',
      'Free moving boxes if anyone needs them, Clearwater area.',
      'Happy Friday, Tampa Bay! What are your plans this weekend?',
    ]);
    const createdAt = new Date(now - Math.floor(rand() * 14 * 86_400_000));
    const likers = full.filter((m) => m !== author && rand() < 0.2);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({ authorId: author, content, likeCount: likers.length, createdAt })
        .returning({ id: posts.id });
      if (likers.length) await tx.insert(postLikes).values(likers.map((userId) => ({ postId: row!.id, userId })));
    });
    totals.posts++;
    totals.likes += likers.length;
  }
  return totals;
}

// Small helpers keep the transaction bodies readable.
const eqId = (id: string) => eq(posts.id, id);
const eqCommunity = (id: string) => eq(communities.id, id);
const eqCommunityPosts = (id: string) => eq(posts.communityId, id);
