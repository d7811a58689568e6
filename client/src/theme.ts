import './theme.css';
import { type CSSVariablesResolver, createTheme, darken, type MantineColorsTuple } from '@mantine/core';
import { activeI18n } from './i18n';

// Somali flag blue (#4189DD), as a Mantine tuple from light to dark. Shade 4 is the dark theme's primary
// (links, active items, filled buttons): light enough for 4.5:1 as text on Mantine's dark surfaces (#242424,
// #2e2e2e), where the flag blue itself only reaches 3.8:1.
const somaliBlue: MantineColorsTuple = [
  '#e8f2fd',
  '#d2e3f7',
  '#b4d0f1',
  '#98bdec',
  '#7aaae6',
  '#3278d4',
  '#226fd3',
  '#135ebb',
  '#0653a8',
  '#004795',
];

export const theme = createTheme({
  primaryColor: 'somaliBlue',
  // The same filled shade in both themes: white text on it reaches 4.5:1, and autoContrast (which Mantine
  // computes for the light theme only) then holds in the dark theme too. Texts and links in the dark theme use
  // shade 4 (--mantine-color-anchor, --mantine-color-*-text).
  primaryShade: { light: 8, dark: 8 },
  colors: { somaliBlue },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Text on a filled colour is black or white, whichever contrasts more (0.179 is the luminance where both
  // give the same ratio): white on Mantine's green or orange buttons was 3.4:1, black is above 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  components: {
    // A table wider than a phone scrolls inside its container, which a keyboard can focus to scroll it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // The arrow buttons have no text: named in the reader's language (read at render, so a switch follows).
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': activeI18n().t(`pagination.${control}`),
        }),
      },
    },
    // The eye dropper is an unnamed icon button and only Chromium has the API; the hex field does the job.
    ColorInput: { defaultProps: { withEyeDropper: false } },
  },
});

/**
 * WCAG AA contrast (4.5:1) for Mantine's secondary texts, in both themes: "dimmed" text (gray 6 on white was
 * 3.3:1, dark 2 on dark 6 was 3.5:1), a field's error in the light theme, and the "light" variant's text on its tinted background (badges, alerts:
 * yellow 9 on yellow 1 was 2.7:1). Passed to MantineProvider in App.tsx.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#646b72',
    // A field's error text and border: red 6 on white was 3.3:1, red 9 is 5.5:1.
    '--mantine-color-error': current.colors.red[9],
    ...Object.fromEntries(
      Object.entries(current.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.35),
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': '#a8a8a8',
  },
});
