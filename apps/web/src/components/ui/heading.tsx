import type { ReactNode } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4;

interface HeadingProps {
  level: HeadingLevel;
  className?: string;
  id?: string;
  children: ReactNode;
}

/** A heading whose level is chosen by the page, so shared pieces keep the outline in order. */
export function Heading({ level, className, id, children }: HeadingProps) {
  const Tag = level === 1 ? 'h1' : level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
