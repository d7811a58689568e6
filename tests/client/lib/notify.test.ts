import { notifySuccess } from '@client/lib/notify';
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';

const titles = () => notificationsStore.getState().notifications.map((toast) => toast.title);

describe('toasts', () => {
  it('shows the newest at once, the oldest making way, when the limit is reached', async () => {
    notificationsStore.setState({ ...notificationsStore.getState(), limit: 3 });
    for (const title of ['Poll created', 'Candidate 1 added', 'Candidate 2 added', 'Candidate 3 added']) {
      notifySuccess(title, '');
      await vi.waitFor(() => expect(titles()).toContain(title));
    }
    notifySuccess('Publishing waits for a second System Admin', '');
    await vi.waitFor(() => expect(titles()).toContain('Publishing waits for a second System Admin'));
    expect(titles()).toEqual([
      'Candidate 2 added',
      'Candidate 3 added',
      'Publishing waits for a second System Admin',
    ]);
    expect(notificationsStore.getState().queue).toEqual([]);
  });
});
