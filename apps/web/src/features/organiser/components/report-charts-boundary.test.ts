import { describe, expect, it } from 'vitest';

/**
 * recharts stays out of every page but the console's reports (docs/decisions/041): only report-charts.tsx imports
 * it, and report-charts.tsx is only ever imported dynamically (React.lazy in report-chart-slots.tsx), so the
 * bundler makes it a chunk that nothing else pulls in. Read from the sources as they are, so a new static import
 * anywhere fails here, before a build.
 */
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const CHARTS = '/src/features/organiser/components/report-charts.tsx';
/** `from 'recharts'`, `import 'recharts'`, `import('recharts')`, and any of its subpaths. */
const IMPORTS_RECHARTS = /(?:from\s*|import\s*\(?\s*)['"]recharts(?:\/[^'"]*)?['"]/;
/** A static import of the charts module (`from './report-charts'`); `import('./report-charts')` is allowed. */
const IMPORTS_CHARTS_STATICALLY = /(?:from|import)\s+['"][^'"]*\/report-charts['"]/;

describe('where recharts may be imported', () => {
  it('is imported by report-charts.tsx alone', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const importers = Object.entries(SOURCES)
      .filter(([, text]) => IMPORTS_RECHARTS.test(text))
      .map(([path]) => path);
    expect(importers).toEqual([CHARTS]);
  });

  it('reaches report-charts.tsx only through a dynamic import', () => {
    const staticImporters = Object.entries(SOURCES)
      .filter(([, text]) => IMPORTS_CHARTS_STATICALLY.test(text))
      .map(([path]) => path);
    expect(staticImporters).toEqual([]);
    const dynamicImporters = Object.entries(SOURCES)
      .filter(([, text]) => text.includes("import('./report-charts')"))
      .map(([path]) => path);
    expect(dynamicImporters).toEqual(['/src/features/organiser/components/report-chart-slots.tsx']);
  });
});
