import { loadNamespaces } from '@client/i18n';
import { networkIssue } from '@client/lib/notify';
import {
  ImageUploadError,
  imageFileProblem,
  MAX_IMAGE_BYTES,
  uploadCandidateImage,
} from '@client/pages/admin/elections/candidate-image-upload';
import { beforeAll, describe, expect, it } from 'vitest';

// The fallback sentence is one of the elections screens' texts (English here, as in Node).
beforeAll(() => loadNamespaces('adminElections'));

const IMAGE_TOO_LARGE = 'The image is larger than 5 MB.';
const CANDIDATE = '7b0e8f5c-4a8e-4a51-9f1f-3c7d2a0b9e11';
const photo = () => new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers from a script, one entry per attempt; an Error entry is a network failure. */
function scriptedFetch(script: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const send = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = script.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no more answers');
    return next;
  };
  return { send: send as typeof fetch, calls };
}

function recordSleeps() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('uploadCandidateImage', () => {
  it('posts the file as multipart field "image" and returns the stored address', async () => {
    const { send, calls } = scriptedFetch([json(200, { imageUrl: '/uploads/candidates/a.webp' })]);
    const { waits, sleep } = recordSleeps();
    expect(await uploadCandidateImage(CANDIDATE, photo(), { fetch: send, sleep })).toBe(
      '/uploads/candidates/a.webp',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`/api/admin/candidates/${CANDIDATE}/image`);
    expect(calls[0]?.init?.method).toBe('POST');
    const body = calls[0]?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('image')).toBeInstanceOf(File);
    expect(waits).toEqual([]);
  });

  it('tries 3 times on network failures, waiting 1000 ms x attempt, then reports the network', async () => {
    const { send, calls } = scriptedFetch([
      new TypeError('Failed to fetch'),
      new TypeError('x'),
      new TypeError('y'),
    ]);
    const { waits, sleep } = recordSleeps();
    const error = await uploadCandidateImage(CANDIDATE, photo(), { fetch: send, sleep }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageUploadError);
    expect(error).toMatchObject({ message: networkIssue(), network: true });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('succeeds on a later attempt after a server error', async () => {
    const { send, calls } = scriptedFetch([
      json(503, { error: { message: 'busy' } }),
      new TypeError('Failed to fetch'),
      json(200, { imageUrl: '/uploads/candidates/b.webp' }),
    ]);
    const { waits, sleep } = recordSleeps();
    expect(await uploadCandidateImage(CANDIDATE, photo(), { fetch: send, sleep })).toBe(
      '/uploads/candidates/b.webp',
    );
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('does not retry a refusal and passes on the server sentence', async () => {
    const { send, calls } = scriptedFetch([json(413, { error: { message: IMAGE_TOO_LARGE } })]);
    const { sleep } = recordSleeps();
    await expect(uploadCandidateImage(CANDIDATE, photo(), { fetch: send, sleep })).rejects.toMatchObject({
      message: IMAGE_TOO_LARGE,
      network: false,
    });
    expect(calls).toHaveLength(1);
  });

  it('says "Failed to upload image" when the server gives no sentence', async () => {
    const { send } = scriptedFetch([new Response('<html>', { status: 502 }), json(500, {}), json(500, {})]);
    const { sleep } = recordSleeps();
    await expect(uploadCandidateImage(CANDIDATE, photo(), { fetch: send, sleep })).rejects.toMatchObject({
      message: 'Failed to upload image',
      network: false,
    });
  });
});

describe('imageFileProblem', () => {
  it('accepts an image up to 5 MB and names what is wrong otherwise', () => {
    expect(imageFileProblem(photo())).toBeNull();
    expect(imageFileProblem(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('notImage');
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(imageFileProblem(big)).toBe('tooLarge');
  });
});
