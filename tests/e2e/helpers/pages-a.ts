import enCenters from '@client/i18n/locales/en/centers.json';
import enCommon from '@client/i18n/locales/en/common.json';
import enContent from '@client/i18n/locales/en/content.json';
import enDirectory from '@client/i18n/locales/en/directory.json';
import enHome from '@client/i18n/locales/en/home.json';
import enRegions from '@client/i18n/locales/en/regions.json';
import soCenters from '@client/i18n/locales/so/centers.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soContent from '@client/i18n/locales/so/content.json';
import soDirectory from '@client/i18n/locales/so/directory.json';
import soHome from '@client/i18n/locales/so/home.json';
import soRegions from '@client/i18n/locales/so/regions.json';
import { HOUSE_TOTAL, SENATE_TOTAL } from '@shared/content/seats';
import { expect } from 'vitest';

/**
 * The public pages of part A (ssr-pages-a.test.ts): for each, its heading, title and description in
 * either language (from the locale files, so the test reads the texts the page shows) and the first view's data
 * its HTML must carry (from the API, so data other test files add cannot break it).
 */

export type Language = 'en' | 'so';
const LOCALES = {
  en: {
    common: enCommon,
    content: enContent,
    directory: enDirectory,
    home: enHome,
    regions: enRegions,
    centers: enCenters,
  },
  so: {
    common: soCommon,
    content: soContent,
    directory: soDirectory,
    home: soHome,
    regions: soRegions,
    centers: soCenters,
  },
};
type Namespace = keyof (typeof LOCALES)['en'];

/** A text as the page shows it: "namespace:key.path" with {{values}} filled in. */
export function text(
  language: Language,
  id: `${Namespace}:${string}`,
  values: Record<string, string> = {},
): string {
  const [namespace, path] = id.split(':') as [Namespace, string];
  const found = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], LOCALES[language][namespace]);
  if (typeof found !== 'string') throw new Error(`no text ${id} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const count = (value: number) => new Intl.NumberFormat('en-GB').format(value);

interface Named {
  name: string;
  isPlaceholder?: boolean;
}

/** The name of a list's item (an empty list fails the test: the page would have nothing to show). */
function nameAt(list: readonly Named[], index: number): string {
  const item = list.at(index);
  if (!item) throw new Error(`the list has no item ${index}`);
  return item.name;
}

export interface PageCase {
  path: string;
  /** The h1, the title before " – Codka" (the whole title for the landing page) and the description. */
  head(language: Language): { h1: string; title: string; description: string };
  /** Texts of the first view's data the HTML must carry (read from the API, so other files' data cannot break it). */
  data?(language: Language): Promise<string[]>;
  status?: number;
}

const fixed =
  (h1: `${Namespace}:${string}`, description: `${Namespace}:${string}`): PageCase['head'] =>
  (language) => ({
    h1: text(language, h1),
    title: text(language, h1),
    description: text(language, description),
  });

/** The pages, with the server whose API gives their data. */
export function pageCases(origin: () => string): PageCase[] {
  /** A public procedure's answer, asked the way the browser does (tRPC over HTTP, superjson). */
  async function api<T>(procedure: string, input?: unknown): Promise<T> {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const response = await fetch(`${origin()}/trpc/${procedure}${query}`);
    expect(response.status, procedure).toBe(200);
    return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
  }

  return [
    {
      path: '/',
      head: (language) => ({
        h1: text(language, 'home:hero.title'),
        title: `Codka – ${text(language, 'common:site.tagline')}`,
        description: text(language, 'home:meta.description'),
      }),
      // The map of the member states, the largest element of a phone's first screen, is in the HTML.
      data: async (language) => [text(language, 'home:map.regions.SOJH'), text(language, 'home:map.caption')],
    },
    {
      path: '/parliament-members',
      head: (language) => ({
        h1: text(language, 'directory:house.title'),
        title: text(language, 'directory:house.metaTitle'),
        description: text(language, 'directory:house.metaDescription', { count: String(HOUSE_TOTAL) }),
      }),
      data: async () => {
        const list = await api<{ items: Named[] }>('directory.members', { page: 1, pageSize: 24 });
        return [nameAt(list.items, 0), nameAt(list.items, 23)];
      },
    },
    {
      path: '/parliament-members?region=Puntland&page=2',
      head: (language) => ({
        h1: text(language, 'directory:house.title'),
        title: text(language, 'directory:house.metaTitle'),
        description: text(language, 'directory:house.metaDescription', { count: String(HOUSE_TOTAL) }),
      }),
      data: async () => {
        const list = await api<{ items: Named[] }>('directory.members', {
          region: 'Puntland',
          page: 2,
          pageSize: 24,
        });
        return [nameAt(list.items, 0)];
      },
    },
    {
      path: '/senators',
      head: (language) => ({
        h1: text(language, 'directory:senate.title'),
        title: text(language, 'directory:senate.metaTitle'),
        description: text(language, 'directory:senate.metaDescription', { count: String(SENATE_TOTAL) }),
      }),
      data: async () => {
        const list = await api<{ leadership: Named[]; senators: Named[] }>('directory.senators', {});
        return [nameAt(list.leadership, 0), nameAt(list.senators, 0), nameAt(list.senators, -1)];
      },
    },
    {
      path: '/federal-states',
      head: fixed('content:federalStates.title', 'content:federalStates.metaDescription'),
    },
    {
      path: '/states/puntland',
      head: (language) => {
        const name = text(language, 'regions:state.puntland.name');
        const status = text(language, 'regions:state.puntland.status');
        return {
          h1: name,
          title: name,
          description: text(language, 'content:stateProfile.metaDescription', { name, status }),
        };
      },
      data: async () => {
        const people = await api<{ members: Named[]; senators: Named[] }>('directory.stateRepresentatives', {
          stateId: 'puntland',
        });
        return [...people.members, ...people.senators]
          .filter((person) => !person.isPlaceholder)
          .map((person) => person.name);
      },
    },
    {
      path: '/regions',
      head: fixed('content:regions.title', 'content:regions.metaDescription'),
      data: async (language) => {
        const counts = await api<{ total: number; regions: { enrolledVoters: number }[] }>(
          'enrollment.countsByRegion',
        );
        return [
          text(language, 'content:enrolled.total', { number: count(counts.total) }),
          text(language, 'content:enrolled.region.Awdal'),
          text(language, 'regions:region.puntland.name'),
        ];
      },
    },
    {
      path: '/regions/banadir',
      head: (language) => {
        const name = text(language, 'regions:region.banadir.name');
        return {
          h1: name,
          title: name,
          description: text(language, 'content:regionDetail.metaDescription', { name }),
        };
      },
      data: async (language) => [
        text(language, 'regions:region.banadir.capital'),
        text(language, 'regions:region.banadir.governance'),
      ],
    },
    { path: '/voting', head: fixed('content:voting.title', 'content:voting.metaDescription') },
    {
      path: '/transparent-process',
      head: fixed('content:transparent.title', 'content:transparent.metaDescription'),
    },
    { path: '/about', head: fixed('content:about.title', 'content:about.metaDescription') },
    { path: '/help', head: fixed('content:help.title', 'content:help.metaDescription') },
    {
      path: '/registration-centers',
      head: (language) => ({
        h1: text(language, 'centers:title'),
        title: text(language, 'centers:metaTitle'),
        description: text(language, 'centers:metaDescription'),
      }),
      data: async (language) => {
        // A centre's name as the page shows it: in the page's language (the demo writes both).
        const settings = await api<{ centers: { nameText: { en: string; so: string } }[] }>(
          'directory.mapSettings',
        );
        const counts = await api<{ total: number }>('enrollment.countsByRegion');
        const first = settings.centers.at(0);
        if (!first) throw new Error('the map has no centre');
        return [
          first.nameText[language] || first.nameText.en,
          text(language, 'centers:enrolledTotal', { number: count(counts.total) }),
        ];
      },
    },
    {
      path: '/no-such-page',
      head: fixed('common:notFound.title', 'common:notFound.description'),
      status: 404,
    },
  ];
}
