import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createElection } from '../../helpers/election-factories';
import { rawRequest } from '../../helpers/raw-http';
import { PUBLIC_ORIGIN, pageState, serverRenderingApps } from '../../helpers/ssr';

/**
 * Attack (issue 19 review): String.prototype.replace reads `$&`, `$'`, `` $` `` and `$$` in a replacement
 * string as patterns. pageHtml put the page into index.html with replacement strings, so an address such as
 * `/?x=$'` (sent by anyone in a link) pasted the rest of the template into og:url's attribute: #root and the
 * data block ended up inside the head's broken markup and the page failed to hydrate; an admin's title holding
 * `$$` lost a dollar sign on the server only. Every one of them must be written as it is.
 */
const openApp = serverRenderingApps();

const PATTERNS = ["$'", '$`', '$&', '$$', "$'$`$&"];

function shape(html: string) {
  const $ = load(html);
  return {
    roots: $('[id="root"]').length,
    rootElements: $('#root *').length,
    dataBlocks: $('script#codka-state').length,
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
    expect(hostile).toEqual({
      ...harmless,
      ogUrl: `${PUBLIC_ORIGIN}${url}`,
      canonical: `${PUBLIC_ORIGIN}${url}`,
    });
    expect(pageState(response.body).url).toBe(url);
  });

  it('writes an admin’s title holding every pattern exactly, in the head, the markup and the data block', async () => {
    const { app, db } = await openApp();
    const title = "Doorashada $$100 $& $' $` dhammaan";
    const { election } = createElection(db, { title });
    const response = await app.inject({ method: 'GET', url: `/election/${election.id}` });
    expect(response.statusCode).toBe(200);
    const $ = load(response.body);
    expect($('head > title').text()).toContain(title);
    expect($('meta[property="og:title"]').attr('content')).toContain(title);
    expect($('#root').text()).toContain(title);
    expect($('script#codka-state').text()).toContain(JSON.stringify(title).slice(1, -1));
    expect($('[id="root"]').length).toBe(1);
  });
});
