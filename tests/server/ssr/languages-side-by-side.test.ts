import { describe, expect, it } from 'vitest';
import { firstHeading, serverRenderingApps } from '../../helpers/ssr';

/**
 * Each render has its own i18n instance (client/src/page-handler.ts): renders of different languages running
 * side by side each come out whole in their own language, and none changes the language of another.
 */
const openApp = serverRenderingApps();

describe('renders in two languages at once', () => {
  it('gives each page its own language, whatever else is rendering', async () => {
    const { app } = await openApp();
    const urls = ['/senators', '/parliament-members', '/regions', '/about'];
    const asked = urls.flatMap((url) => (['so', 'en'] as const).map((language) => ({ url, language })));
    // Readers at addresses of their own: one address asking for many new pages at once is held to its share.
    const answers = await Promise.all(
      asked.map(({ url, language }, index) =>
        app.inject({
          method: 'GET',
          url,
          headers: { cookie: `lang=${language}` },
          remoteAddress: `10.2.${index}.1`,
        }),
      ),
    );
    const alone = new Map<string, string | null>();
    for (const { url, language } of asked) {
      const fresh = await openApp();
      const response = await fresh.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `lang=${language}` },
      });
      alone.set(`${language} ${url}`, firstHeading(response.body));
    }
    asked.forEach(({ url, language }, index) => {
      const answer = answers[index];
      expect(answer?.statusCode).toBe(200);
      expect(answer?.body).toContain(`<html lang="${language}"`);
      expect(firstHeading(answer?.body ?? '')).toBe(alone.get(`${language} ${url}`));
    });
    // The two languages' headings differ, so the check above tells them apart.
    expect(alone.get('so /senators')).not.toBe(alone.get('en /senators'));
  });
});
