import '@client/lib/zod-csp';
import type { PageData } from '@client/lib/page-data';
import { createApiClient } from '@client/lib/trpc';
import { pageData as centersData } from '@client/pages/centers-map/centers-map.page';
import { pageData as regionsData } from '@client/pages/content/regions.page';
import { pageData as stateData } from '@client/pages/content/state-profile.page';
import { pageData as memberData } from '@client/pages/directory/member.page';
import { pageData as houseData } from '@client/pages/directory/parliament.page';
import { pageData as senatorData } from '@client/pages/directory/senator.page';
import { pageData as senateData } from '@client/pages/directory/senators.page';
import { readDirectoryView } from '@client/pages/directory/use-directory-params';
import type { AppRouter } from '@server/routers/_app';
import { HOUSE_REGIONS } from '@shared/regions';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';

/**
 * The first views the server renders for part A's pages: what each page's pageData asks for, from
 * the URL alone. The browser reads the same queries (the keys must match, or it asks again after hydration:
 * tests/e2e/ssr-pages-a.test.ts checks that end to end); these check the inputs read from the URL.
 */
const trpc = createTRPCOptionsProxy<AppRouter>({ client: createApiClient(), queryClient: new QueryClient() });

function asked(pageData: PageData, url: string, params: Record<string, string> = {}) {
  const searchParams = new URL(url, 'http://codka.invalid').searchParams;
  return pageData({ params, searchParams, trpc }).map((query) => query.queryKey);
}

describe('readDirectoryView', () => {
  const read = (query: string) => readDirectoryView(new URLSearchParams(query), 'region', HOUSE_REGIONS);

  it('reads the search (trimmed, at most 100 characters), a known filter and a page', () => {
    expect(read('search=%20sadia%20&region=Puntland&page=3')).toEqual({
      search: 'sadia',
      filter: 'Puntland',
      page: 3,
    });
    expect(read(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });

  it('counts an unknown filter as none and a page that is not a whole number above 1 as the first', () => {
    for (const page of ['0', '-2', '2.5', 'two', '']) expect(read(`page=${page}`).page).toBe(1);
    expect(read('region=Atlantis').filter).toBeUndefined();
  });
});

describe("part A's first views", () => {
  it('the House directory asks for the page of members its URL names', () => {
    expect(asked(houseData, '/parliament-members?search=%20HOP%23012&region=Banaadir&page=2')).toEqual([
      [
        ['directory', 'members'],
        { input: { search: 'HOP#012', region: 'Banaadir', page: 2, pageSize: 24 }, type: 'query' },
      ],
    ]);
    expect(asked(houseData, '/parliament-members?region=nowhere')).toEqual([
      [['directory', 'members'], { input: { page: 1, pageSize: 24 }, type: 'query' }],
    ]);
  });

  it('the Senate directory asks for the senators of its search and state', () => {
    expect(asked(senateData, '/senators?state=Puntland')).toEqual([
      [['directory', 'senators'], { input: { state: 'Puntland' }, type: 'query' }],
    ]);
  });

  it("a state profile asks for its representatives, and an unknown state's page for nothing", () => {
    expect(asked(stateData, '/states/puntland', { id: 'puntland' })).toEqual([
      [['directory', 'stateRepresentatives'], { input: { stateId: 'puntland' }, type: 'query' }],
    ]);
    expect(asked(stateData, '/states/atlantis', { id: 'atlantis' })).toEqual([]);
  });

  it('a member page asks for the seat its address names, however it is written, and a non-seat for nothing', () => {
    const seat002 = [[['directory', 'member'], { input: { seat: 'HOP#002' }, type: 'query' }]];
    for (const seat of ['HOP002', 'hop002', '2', '002', 'HOP#002']) {
      expect(asked(memberData, `/parliament-members/${seat}`, { seat }), seat).toEqual(seat002);
    }
    expect(asked(memberData, '/parliament-members/speaker', { seat: 'speaker' })).toEqual([]);
  });

  it('a senator page asks for the senator its address names', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(asked(senatorData, `/senators/${id}`, { id })).toEqual([
      [['directory', 'senator'], { input: { id }, type: 'query' }],
    ]);
  });

  it('the regions page and the registration centers ask for their public counts and centers', () => {
    expect(asked(regionsData, '/regions')).toEqual([[['enrollment', 'countsByRegion'], { type: 'query' }]]);
    expect(asked(centersData, '/registration-centers')).toEqual([
      [['directory', 'mapSettings'], { type: 'query' }],
      [['enrollment', 'countsByRegion'], { type: 'query' }],
    ]);
  });
});
