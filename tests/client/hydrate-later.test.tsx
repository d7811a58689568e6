// @vitest-environment happy-dom

import { HydrateLater, partsHydrated } from '@client/lib/hydrate-later';
import { act } from '@testing-library/react';
import { useId, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Hydration in slices (lib/hydrate-later.ts): the server marks a part, the browser leaves it out of the first
 * pass and hydrates it in a task of its own, with the server's markup kept meanwhile and the server's ids.
 */

/** Every id a render took, by the component that took it, in render order. */
let ids: string[] = [];
/** The parts that have rendered (in the browser: hydrated). */
let rendered: string[] = [];

function Labelled({ name }: { name: string }) {
  const id = useId();
  ids.push(`${name}=${id}`);
  rendered.push(name);
  return (
    <p id={id} data-name={name}>
      {name}
    </p>
  );
}

function Counter() {
  const [count, setCount] = useState(0);
  rendered.push('counter');
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`tapped ${count}`}
    </button>
  );
}

function Page() {
  return (
    <main>
      <Labelled name="before" />
      <HydrateLater>
        <Labelled name="first-inside" />
        <Counter />
        <Labelled name="second-inside" />
      </HydrateLater>
      <Labelled name="between" />
      <HydrateLater>
        <Labelled name="other-part" />
      </HydrateLater>
      <Labelled name="after" />
    </main>
  );
}

/** The page as the server renders it. */
function serverHtml(): { html: string; serverIds: string[] } {
  vi.stubEnv('SSR', true);
  try {
    ids = [];
    const html = renderToString(<Page />);
    return { html, serverIds: ids };
  } finally {
    vi.unstubAllEnvs();
  }
}

/** The next task, after those already waiting (the parts' tasks are queued first). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  ids = [];
  rendered = [];
});

describe('HydrateLater', () => {
  it('is marked in the server’s HTML, so the browser keeps its markup while it waits', () => {
    const { html } = serverHtml();
    expect(html).toContain('<!--$s--><p id=');
    expect(html.match(/<!--\$s-->/g)).toHaveLength(2);
    expect(html.match(/<!--\/\$s-->/g)).toHaveLength(2);
    // Everything inside is rendered on the server: the reader sees it from the first paint.
    expect(html).toContain('tapped 0');
    expect(html).toContain('other-part');
  });

  it('leaves its part out of the first pass and hydrates each part in a task of its own, markup kept', async () => {
    const { html } = serverHtml();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const button = container.querySelector('button');
    rendered = [];

    hydrateRoot(container, <Page />);
    let hydrated = false;
    void partsHydrated().then(() => {
      hydrated = true;
    });
    expect(rendered).toEqual(['before', 'between', 'after']);
    expect(container.innerHTML).toBe(html);

    await nextTask();
    expect(rendered).toEqual(['before', 'between', 'after', 'first-inside', 'counter', 'second-inside']);
    expect(hydrated).toBe(false);
    await nextTask();
    expect(rendered.at(-1)).toBe('other-part');

    // Once the last part has hydrated, the page says so (root.tsx replays taps kept until then).
    await partsHydrated();
    expect(rendered.filter((name) => name === 'other-part')).toHaveLength(1);

    // The server's elements, now the browser's: the same button, and it works.
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button?.click());
    expect(button?.textContent).toBe('tapped 1');
    expect(container.querySelectorAll('p')).toHaveLength(6);
    container.remove();
  });

  it('gives every id inside and after a part the server’s value', async () => {
    const { html, serverIds } = serverHtml();
    const container = document.createElement('div');
    container.innerHTML = html;
    ids = [];
    hydrateRoot(container, <Page />);
    await nextTask();
    await nextTask();
    expect([...ids].sort()).toEqual([...serverIds].sort());
    // Inside a part, ids count from the part's own seed: none repeats one outside it.
    expect(new Set(serverIds.map((entry) => entry.split('=')[1])).size).toBe(serverIds.length);
  });

  it('gives a part nested in a part a task of its own after its parent’s, with the server’s ids', async () => {
    function Nested() {
      return (
        <main>
          <HydrateLater>
            <Labelled name="outer" />
            <HydrateLater>
              <Labelled name="inner" />
            </HydrateLater>
            {/* A part with nothing in it (a notice that does not apply) is marked and woken all the same. */}
            <HydrateLater>{null}</HydrateLater>
            <Labelled name="outer-after" />
          </HydrateLater>
          <Labelled name="page-after" />
        </main>
      );
    }
    vi.stubEnv('SSR', true);
    ids = [];
    const html = renderToString(<Nested />);
    const serverIds = ids;
    vi.unstubAllEnvs();
    expect(html.match(/<!--\$s-->/g)).toHaveLength(3);

    const container = document.createElement('div');
    container.innerHTML = html;
    ids = [];
    rendered = [];
    hydrateRoot(container, <Nested />);
    expect(rendered).toEqual(['page-after']);
    await nextTask();
    expect(rendered).toEqual(['page-after', 'outer', 'outer-after']);
    await nextTask();
    expect(rendered).toEqual(['page-after', 'outer', 'outer-after', 'inner']);
    await partsHydrated();
    expect(container.innerHTML).toBe(html);
    expect([...ids].sort()).toEqual([...serverIds].sort());
  });

  it('renders its part at once in a render that is not a server page’s hydration', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Page />));
    expect(rendered).toEqual([
      'before',
      'first-inside',
      'counter',
      'second-inside',
      'between',
      'other-part',
      'after',
    ]);
    expect(container.querySelectorAll('p')).toHaveLength(6);
    root.unmount();
  });
});
