import { useDebouncedCallback } from '@mantine/hooks';
import { MAX_SEARCH_LENGTH } from '@shared/directory';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typing settles for this long before the list is asked for again (every keystroke would cost data). */
const SEARCH_DELAY_MS = 300;

/** What a directory's URL asks to see: its search, filter and page. */
export interface DirectoryView<Filter extends string> {
  search: string;
  filter: Filter | undefined;
  page: number;
}

/**
 * A directory's view read from its URL (?search=&{filterName}=&page=). Unknown filter values count as none. The
 * page's first-view data (pageData, on the server) and its component both read the URL through this, so they ask
 * for the same list.
 */
export function readDirectoryView<Filter extends string>(
  params: URLSearchParams,
  filterName: string,
  filters: readonly Filter[],
): DirectoryView<Filter> {
  const search = (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const filterParam = params.get(filterName);
  const filter = filters.find((value) => value === filterParam);
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  return { search, filter, page };
}

/**
 * A directory's search text, filter and page, kept in the URL (?search=&{filterName}=&page=) so a
 * filtered list can be shared and the back button restores it.
 */
export function useDirectoryParams<Filter extends string>(filterName: string, filters: readonly Filter[]) {
  const [params, setParams] = useSearchParams();
  const { search, filter, page } = readDirectoryView(params, filterName, filters);

  // The box keeps what is typed (spaces included); the URL gets it trimmed once typing pauses.
  const [searchText, setSearchText] = useState(search);
  const [searchInUrl, setSearchInUrl] = useState(search);
  if (search !== searchInUrl) {
    setSearchInUrl(search);
    if (searchText.trim() !== search) setSearchText(search);
  }

  const update = (changes: Record<string, string | undefined>, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace },
    );

  const commitSearch = useDebouncedCallback((text: string) => {
    update({ search: text.trim() || undefined, page: undefined }, true);
  }, SEARCH_DELAY_MS);

  // Text typed into the server's page before it hydrated is in the box but not in this state: taken up once.
  // So is a filter picked there (the browser's own select works before the page's code runs).
  const searchRef = useRef<HTMLInputElement>(null);
  const filterRef = useRef<HTMLSelectElement>(null);
  // Read once hydration has committed: React runs this effect before any later render of the page, which would
  // set the box and the select back to this state's values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser.
  useEffect(() => {
    const typed = searchRef.current?.value;
    if (typed !== undefined && typed !== searchText) {
      setSearchText(typed);
      commitSearch(typed);
    }
    const picked = filterRef.current?.value;
    if (picked !== undefined && filters.find((value) => value === picked) !== filter)
      update({ [filterName]: filters.find((value) => value === picked), page: undefined }, false);
  }, []);

  return {
    search,
    searchRef,
    filterRef,
    searchText,
    setSearchText(text: string) {
      setSearchText(text);
      commitSearch(text);
    },
    filter,
    setFilter: (value: Filter | undefined) => update({ [filterName]: value, page: undefined }, false),
    page,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : undefined }, false),
  };
}
