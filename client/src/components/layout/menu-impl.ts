// Loaded on demand by DeferredMenu: Mantine's Menu with the Popover and floating-ui code under it.
export { Menu } from '@mantine/core';
