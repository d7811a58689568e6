import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Somali flag blue (#4189DD), as a Mantine tuple from light to dark.
const somaliBlue: MantineColorsTuple = [
  '#e8f2fd',
  '#d2e3f7',
  '#a5c5ec',
  '#74a5e2',
  '#4b89d9',
  '#3278d4',
  '#226fd3',
  '#135ebb',
  '#0653a8',
  '#004795',
];

export const theme = createTheme({
  primaryColor: 'somaliBlue',
  primaryShade: { light: 8, dark: 4 },
  colors: { somaliBlue },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
