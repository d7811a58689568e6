import { Anchor, Text } from '@mantine/core';
import type { FigureSource } from '@shared/content/seats';

/** The sources a page's figures come from, in one small line under them (titles in their own language). */
export function FigureSources({ title, sources }: { title: string; sources: readonly FigureSource[] }) {
  return (
    <Text size="xs" c="dimmed" mt="xs">
      {title}:{' '}
      {sources.map((source, index) => (
        <span key={source.url}>
          {index > 0 && '; '}
          <Anchor href={source.url} target="_blank" rel="noopener noreferrer" size="xs" lang="en">
            {source.label}
          </Anchor>
        </span>
      ))}
    </Text>
  );
}
