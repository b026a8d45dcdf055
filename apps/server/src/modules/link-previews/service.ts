import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, type LinkPreviewView } from '@bayclub/shared';
import type { Db } from '../../db/client.js';
import { safeFetch, SafeFetchError } from '../../platform/safe-fetch.js';
import { decodeBody, htmlMediaType, summarizeHtml, type PageSummary } from './parse.js';
import { findLinkPreview, saveLinkPreview, type LinkPreviewRow } from './repository.js';

/** A page that answered is cached a week; one that failed is tried again after an hour. */
export const PREVIEW_FRESH_MS = 7 * 24 * 60 * 60_000;
export const PREVIEW_RETRY_MS = 60 * 60_000;
/** Longer URLs are not previewed: they also keep the cache key well inside a btree index entry. */
export const PREVIEW_URL_MAX = 2048;

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

export interface LinkPreviewDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Test-only (LINK_PREVIEW_ALLOW_PRIVATE): lets a local page be previewed. */
  allowPrivate?: boolean;
  fetcher?: typeof safeFetch;
  /** The clock (tests move it to age cached rows). */
  now?: () => Date;
}

/** The cache key: an absolute http(s) URL without its fragment, or null when it is not one we preview. */
export function previewKey(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  const key = url.toString();
  return key.length <= PREVIEW_URL_MAX ? key : null;
}

const toView = (row: Pick<LinkPreviewRow, 'url' | 'status' | 'title' | 'description' | 'siteName'>): LinkPreviewView | null =>
  row.status === 'ok' && (row.title || row.description)
    ? { url: row.url, title: row.title, description: row.description, siteName: row.siteName }
    : null;

export function createLinkPreviewService(deps: LinkPreviewDeps) {
  const { db, log } = deps;
  const fetcher = deps.fetcher ?? safeFetch;
  const now = deps.now ?? (() => new Date());
  // One lookup per URL at a time in this process: concurrent viewers of a message share it.
  const inFlight = new Map<string, Promise<LinkPreviewView | null>>();

  /** What the page says about itself; null when it could not be fetched (cached as failed). */
  async function fetchSummary(url: string): Promise<PageSummary | null> {
    try {
      const res = await fetcher(url, {
        timeoutMs: LIMITS.linkPreviewTimeout,
        maxBytes: LIMITS.linkPreviewMaxBytes,
        maxRedirects: LIMITS.linkPreviewMaxRedirects,
        accept: ACCEPT,
        allowPrivate: deps.allowPrivate ?? false,
      });
      if (res.status < 200 || res.status > 299) {
        log.info({ host: new URL(url).host, status: res.status }, 'link preview: page answered with an error');
        return null;
      }
      // A picture, PDF or download is a fine link, just nothing to summarize: cached as ok without text.
      if (!htmlMediaType(res.contentType)) return { title: null, description: null, siteName: null };
      return summarizeHtml(decodeBody(res.body, res.contentType), res.url, {
        titleMax: LIMITS.linkPreviewTitleMax,
        descriptionMax: LIMITS.linkPreviewDescriptionMax,
      });
    } catch (err) {
      // Only the host is logged: the full URL came from a private message.
      const code = err instanceof SafeFetchError ? err.code : 'UNEXPECTED';
      log.info({ host: new URL(url).host, code, err: err instanceof SafeFetchError ? undefined : err }, 'link preview: fetch failed');
      return null;
    }
  }

  async function lookup(url: string): Promise<LinkPreviewView | null> {
    const cached = await findLinkPreview(db, url);
    if (cached) {
      const age = now().getTime() - cached.fetchedAt.getTime();
      if (age < (cached.status === 'ok' ? PREVIEW_FRESH_MS : PREVIEW_RETRY_MS)) return toView(cached);
    }
    const summary = await fetchSummary(url);
    const row: LinkPreviewRow = {
      url,
      status: summary ? 'ok' : 'failed',
      title: summary?.title ?? null,
      description: summary?.description ?? null,
      siteName: summary?.siteName ?? null,
      fetchedAt: now(),
    };
    await saveLinkPreview(db, row);
    return toView(row);
  }

  return {
    /** The preview of a link a member posted: text only; null when the page cannot be fetched or says nothing useful. */
    preview(rawUrl: string): Promise<LinkPreviewView | null> {
      const url = previewKey(rawUrl);
      if (!url) return Promise.resolve(null);
      const pending = inFlight.get(url);
      if (pending) return pending;
      const started = lookup(url).finally(() => inFlight.delete(url));
      inFlight.set(url, started);
      return started;
    },
  };
}

export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;
