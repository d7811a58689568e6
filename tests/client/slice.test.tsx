import { onPageHydrated, Slice } from '@client/lib/slice';
import { type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/**
 * Hydration in slices (lib/slice.tsx): React hydrates each slice in a pass of its own after the root's first
 * commit, and the page says it works (what the browser tests and the kept early taps wait for) only once every
 * slice has, nested ones included, and never before the root has committed.
 */
function Hydrated({ name, events }: { name: string; events: string[] }) {
  useEffect(() => {
    events.push(name);
  }, [events, name]);
  return <span>{name}</span>;
}

function Page({ events, onWorks }: { events: string[]; onWorks?: () => void }): ReactNode {
  useEffect(() => {
    events.push('root');
    onPageHydrated(() => {
      events.push('page works');
      onWorks?.();
    });
  }, [events, onWorks]);
  return (
    <main>
      <h1>Heading</h1>
      <Slice>
        <Hydrated name="outer" events={events} />
        <Slice>
          <Hydrated name="nested" events={events} />
        </Slice>
      </Slice>
      <Slice>
        <Hydrated name="sibling" events={events} />
      </Slice>
    </main>
  );
}

describe('Slice', () => {
  it('says the page works once every slice, nested ones included, has hydrated, without a hydration error', async () => {
    const serverEvents: string[] = [];
    const html = renderToString(<Page events={serverEvents} />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);

    const events: string[] = [];
    const errors: unknown[] = [];
    await new Promise<void>((resolve) => {
      hydrateRoot(container, <Page events={events} onWorks={resolve} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(events[0]).toBe('root');
    expect(events.indexOf('page works')).toBeGreaterThan(events.indexOf('outer'));
    expect(events.indexOf('page works')).toBeGreaterThan(events.indexOf('nested'));
    expect(events.indexOf('page works')).toBeGreaterThan(events.indexOf('sibling'));
    expect(errors).toEqual([]);
    // The server's markup stayed: hydration kept it rather than rendering it again.
    expect(container.innerHTML).toBe(html);
    container.remove();
  });
});
