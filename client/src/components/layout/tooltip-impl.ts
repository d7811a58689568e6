// Loaded on demand by DeferredTooltip: Mantine's Tooltip with the floating-ui code under it.
export { Tooltip as default } from '@mantine/core';
