// @vitest-environment happy-dom

import { createRequire } from 'node:module';
import { Button, Modal, NumberInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Fragment as PreactFragment } from 'preact';
import { useState as preactUseState } from 'preact/compat';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from './render';

/**
 * The unit tests run the client's components on Preact, as the built site does (vite.config.ts aliases react and
 * react-dom to preact/compat): a library that loaded React's own packages would test another renderer than the one
 * voters get, and mixing the two throws ("Cannot add property __, object is not extensible"). Each library below
 * is one that was once loaded by Node as CommonJS, around the aliases.
 */

/** React's own packages among the modules Node has loaded in this test file's process. */
function reactPackagesLoaded(): string[] {
  const { cache } = createRequire(import.meta.url);
  return Object.keys(cache).filter((file) => /[\\/]node_modules[\\/]react(-dom)?[\\/]/.test(file));
}

function EveryReactLibrary() {
  const { t } = useTranslation(); // react-i18next, and its use-sync-external-store shim
  const [opened, setOpened] = useState(false);
  const answer = useQuery({ queryKey: ['answer'], queryFn: async () => 42 }); // TanStack Query
  return (
    <>
      <Link to="/elsewhere">{t('nav.home')}</Link> {/* react-router */}
      <NumberInput label="Seats" defaultValue={1200} thousandSeparator="," /> {/* react-number-format */}
      <p>{answer.data === undefined ? 'Waiting' : `Answer ${answer.data}`}</p>
      <Button onClick={() => setOpened(true)}>Open</Button>
      {/* react-remove-scroll and its helpers, while the modal is open */}
      <Modal opened={opened} onClose={() => setOpened(false)} title="A modal">
        Inside the modal
      </Modal>
      {/* react-transition-group, through the toasts' view renderWithApp mounts */}
      <Button onClick={() => notifications.show({ message: 'A toast' })}>Toast</Button>
    </>
  );
}

describe('the client in the unit tests', () => {
  it("imports Preact's compatibility layer as react", () => {
    expect(useState).toBe(preactUseState);
    expect(Fragment).toBe(PreactFragment);
    // The JSX runtime's elements are Preact's too: React's are frozen.
    expect(Object.isFrozen(<div />)).toBe(false);
  });

  it('renders with Mantine, the router, TanStack Query and i18next without loading React', async () => {
    const { user } = await renderWithApp(<EveryReactLibrary />);
    expect(reactPackagesLoaded()).toEqual([]);

    expect(screen.getByRole('link', { name: 'Home' })).toBeDefined();
    expect((screen.getByLabelText('Seats') as HTMLInputElement).value).toBe('1,200');
    expect(await screen.findByText('Answer 42')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Toast' }));
    expect(await screen.findByText('A toast')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Inside the modal')).toBeDefined();
    // Nor once the modal and the toast have mounted their parts.
    expect(reactPackagesLoaded()).toEqual([]);
  });
});
