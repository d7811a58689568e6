import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverRenderingApps } from '../../helpers/ssr';

/**
 * A sentence shared with the server's answers (shared/poll-messages.ts and the like, said through the errors
 * namespace) is in the HTML in the reader's language: the server renders each request with an i18n instance of its
 * own, and the browser's first render must say the same words to hydrate without a mismatch.
 */
const openApp = serverRenderingApps();

afterEach(() => {
  vi.useRealTimers();
});

describe("a shared sentence in the server's HTML", () => {
  it.each([
    // React writes the apostrophe as &#x27;.
    ['so', 'Hadda ma jiro ra&#x27;yi ururin furan.', 'No active poll available at this time.'],
    ['en', 'No active poll available at this time.', 'Hadda ma jiro ra&#x27;yi ururin furan.'],
  ])(
    'is in the reader’s language (%s): the poll page of a month without a poll',
    async (language, own, other) => {
      const { app } = await openApp();
      // A month the demo data has no poll for, as on the first day of a month before the staff open its poll.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-06-15T09:00:00Z') });
      const response = await app.inject({
        method: 'GET',
        url: '/polls/presidential',
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(own);
      expect(response.body).not.toContain(other);
    },
  );
});
