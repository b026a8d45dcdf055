import type { ProfileImageView } from '@bayclub/shared';

// Test data for gallery tests (profile and gallery features).

export const OWN_ID = '6f1c2b8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
export const OTHER_ID = '0b7e3c1a-2f4d-4e5a-8b6c-7d8e9f0a1b2c';

let seq = 0;

export function makeImage(overrides: Partial<ProfileImageView> = {}): ProfileImageView {
  seq += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    imageUrl: `/media/profile-images/${OWN_ID}/${id}.webp`,
    imageOrder: seq,
    mediaType: 'image',
    caption: null,
    width: 1080,
    height: 1080,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeImages(count: number, caption?: (i: number) => string | null): ProfileImageView[] {
  return Array.from({ length: count }, (_, i) => makeImage({ imageOrder: i, caption: caption ? caption(i) : null }));
}

/** A File of `size` bytes without allocating them. */
export function makeFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
