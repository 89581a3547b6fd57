import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORIES, type Category } from '@marquee/domain/categories';

/** The spec's home tabs, by id: 0 all, 1 concerts, 2 theatre, 3 dance. */
export const HOME_TABS: readonly Category[] = CATEGORIES.filter((category) => category.isHomeTab);

const TAB_PARAM = 'tab';

function tabFromParam(value: string | null): Category {
  const fallback = HOME_TABS[0];
  if (!fallback) throw new Error('The home page needs at least one category tab.');
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const id = Number(value);
  return HOME_TABS.find((tab) => tab.id === id) ?? fallback;
}

/**
 * The active home tab lives in the URL (?tab=1) so a reload or a shared link keeps it. Switching tabs
 * replaces the history entry: tabs are not pages, and Back should leave the home page.
 */
export function useActiveTab(): [Category, (tab: Category) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const activeTab = tabFromParam(searchParams.get(TAB_PARAM));

  const setActiveTab = useCallback(
    (tab: Category) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (tab.id === 0) next.delete(TAB_PARAM);
          else next.set(TAB_PARAM, String(tab.id));
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [activeTab, setActiveTab];
}
