// @vitest-environment happy-dom

import { partsHydrated } from '@client/lib/hydrate-later';
import { serverPartsLoaded } from '@client/lib/react-on-preact';
import { act } from '@testing-library/react';
import { type ComponentType, lazy, Suspense, useId } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A lazy part's ids (lib/react-on-preact.ts `lazy`, lib/id-seed.ts): the server renders every part in page order;
 * the browser renders each when its code comes, in whatever order the downloads end. The landing page's map and
 * its "Features and Updates" race like this; when the second came first, the map's caption took other ids than
 * the server's (CI, 26 November: "figcaption id: browser PPP0-0-1-15, server PPP0-0-1-11").
 */

let ids: string[] = [];

function Labelled({ name }: { name: string }) {
  const id = useId();
  ids.push(`${name}=${id}`);
  return (
    <p id={id} data-name={name}>
      {name}
    </p>
  );
}

function RegionMap() {
  return (
    <figure>
      <Labelled name="map-caption" />
      <Labelled name="map-box" />
    </figure>
  );
}

function Updates() {
  return (
    <section>
      <Labelled name="updates-title" />
      <Labelled name="updates-list" />
      <Labelled name="updates-more" />
    </section>
  );
}

type Parts = { MapPart: ComponentType; UpdatesPart: ComponentType };

function Page({ MapPart, UpdatesPart }: Parts) {
  return (
    <main>
      <Labelled name="before" />
      <Suspense fallback={null}>
        <MapPart />
      </Suspense>
      <Labelled name="between" />
      <Suspense fallback={null}>
        <UpdatesPart />
      </Suspense>
      <Labelled name="after" />
    </main>
  );
}

/** A part's code, delivered when the test says. */
function deferred<T>(value: T) {
  let deliver = () => {};
  const promise = new Promise<{ default: T }>((resolve) => {
    deliver = () => resolve({ default: value });
  });
  return { load: () => promise, deliver };
}

async function serverHtml(): Promise<{ html: string; serverIds: string[] }> {
  vi.stubEnv('SSR', true);
  try {
    const parts: Parts = {
      MapPart: lazy(async () => ({ default: RegionMap })),
      UpdatesPart: lazy(async () => ({ default: Updates })),
    };
    await serverPartsLoaded();
    ids = [];
    const html = renderToString(<Page {...parts} />);
    return { html, serverIds: ids };
  } finally {
    vi.unstubAllEnvs();
  }
}

afterEach(() => {
  ids = [];
});

describe('a lazy part hydrated when its code comes', () => {
  it.each([
    ['in page order', ['map', 'updates']],
    ['the later part first', ['updates', 'map']],
  ])('takes the server’s ids, its code arriving %s', async (_, order) => {
    const { html, serverIds } = await serverHtml();
    expect(html.match(/<!--\$s-->/g)).toHaveLength(2);
    const map = deferred(RegionMap);
    const updates = deferred(Updates);
    const parts: Parts = { MapPart: lazy(map.load), UpdatesPart: lazy(updates.load) };
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    ids = [];
    await act(async () => {
      hydrateRoot(container, <Page {...parts} />);
    });
    // The page does not count as working (root.tsx replays early taps then) while a part's code is on its way.
    let working = false;
    void partsHydrated().then(() => {
      working = true;
    });
    for (const part of order) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(working).toBe(false);
      await act(async () => {
        (part === 'map' ? map : updates).deliver();
      });
    }
    await partsHydrated();
    expect(ids.map((entry) => entry.split('=')[0])).toContain('updates-more');
    expect([...ids].sort()).toEqual([...serverIds].sort());
    // The server's markup, hydrated in place: the same ids on the elements, none repeated.
    expect(container.innerHTML).toBe(html);
    expect(new Set(serverIds.map((entry) => entry.split('=')[1])).size).toBe(serverIds.length);
    container.remove();
  });
});
