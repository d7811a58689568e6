import { routeComponent } from '@client/lib/route-component';
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';

/**
 * A route module's component (lib/route-component.ts) renders again when its route's params or data change, not
 * when React Router renders the tree again with a new params object of the same values (what each route discovered
 * after the first render does).
 */
type Props = { params: Record<string, string>; loaderData: unknown; matches: unknown; actionData?: unknown };

let renders = 0;
const Page = routeComponent(function Page({ params }: Props) {
  renders += 1;
  return <p>{params.id}</p>;
});

const data = { dehydrated: null };
const matches: unknown[] = [];
let setProps: (props: Props) => void = () => {};

function Router({ initial }: { initial: Props }) {
  const [props, set] = useState(initial);
  setProps = set;
  return <Page {...props} />;
}

describe('routeComponent', () => {
  it('skips a render whose params hold the same values and whose data and matches are the same', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(<Router initial={{ params: { id: '7' }, loaderData: data, matches }} />),
    );
    expect(renders).toBe(1);

    await act(async () => setProps({ params: { id: '7' }, loaderData: data, matches }));
    expect(renders).toBe(1);

    await act(async () => setProps({ params: { id: '8' }, loaderData: data, matches }));
    expect(renders).toBe(2);
    expect(container.textContent).toBe('8');

    await act(async () => setProps({ params: { id: '8' }, loaderData: { dehydrated: null }, matches }));
    expect(renders).toBe(3);

    await act(async () => setProps({ params: { id: '8', extra: 'x' }, loaderData: data, matches: [] }));
    expect(renders).toBe(4);
    await act(async () => root.unmount());
  });
});
