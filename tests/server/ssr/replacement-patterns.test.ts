import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createElection } from '../../helpers/election-factories';
import { address, hydrationData } from '../../helpers/hydration-data';
import { rawRequest } from '../../helpers/raw-http';
import { PUBLIC_ORIGIN, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * String.prototype.replace reads `$&`, `$'`, `` $` `` and `$$` in a replacement string as patterns: a page put
 * together with replacement strings pasted pieces of itself into og:url for an address such as `/?x=$'`, and
 * lost a dollar sign of an admin's title on the server only. Pages are React's render as it is; these addresses
 * and titles are the check that nothing rewrites them.
 */
const openApp = serverRenderingApps();

const PATTERNS = ["$'", '$`', '$&', '$$', "$'$`$&"];

function shape(html: string) {
  const $ = load(html);
  return {
    bodyElements: $('body *').length,
    scripts: $('script').length,
    headElements: $('head > *').length,
    ogUrl: $('meta[property="og:url"]').attr('content'),
    canonical: $('link[rel="canonical"]').attr('href'),
  };
}

describe('replacement patterns in what a page is made of', () => {
  it.each(PATTERNS)('an address holding %j is written as it is and changes no element', async (pattern) => {
    const { app } = await openApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const harmless = shape((await app.inject({ method: 'GET', url: '/?x=1' })).body);
    // Raw, as any HTTP client may send it (a browser leaves $ and ` as they are in a query, too).
    const url = `/?x=${pattern}`;
    const response = await rawRequest(app.server, { method: 'GET', target: url });
    expect(response.status).toBe(200);
    const hostile = shape(response.body);
    expect({ ...hostile, ogUrl: undefined, canonical: undefined }).toEqual({
      ...harmless,
      ogUrl: undefined,
      canonical: undefined,
    });
    // Written as it is (as a URL writes a query: percent-encoded where it must be).
    expect(address(hostile.ogUrl)).toEqual(address(`${PUBLIC_ORIGIN}${url}`));
    expect(hostile.canonical).toBe(hostile.ogUrl);
    expect(stateBlock(response.body)).not.toBeNull();
  });

  it('writes an admin’s title holding every pattern exactly, in the head, the markup and the hydration data', async () => {
    const { app, db } = await openApp();
    const title = "Doorashada $$100 $& $' $` dhammaan";
    const { election } = createElection(db, { title });
    const response = await app.inject({ method: 'GET', url: `/election/${election.id}` });
    expect(response.statusCode).toBe(200);
    const $ = load(response.body);
    expect($('head > title').text()).toContain(title);
    expect($('meta[property="og:title"]').attr('content')).toContain(title);
    expect($('main').text()).toContain(title);
    expect(hydrationData(response.body)).toContain(title);
  });
});
