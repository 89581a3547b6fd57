import { useRef, type KeyboardEvent } from 'react';
import type { Category } from '@marquee/domain/categories';

export interface CategoryTabsProps {
  tabs: readonly Category[];
  activeTab: Category;
  onSelect: (tab: Category) => void;
  /** The id of the tab panel the tabs control. */
  panelId: string;
  /** Prefix of the tab ids, so the panel can be labelled by the active tab. */
  idPrefix: string;
}

export function categoryTabId(idPrefix: string, tab: Category): string {
  return `${idPrefix}-tab-${tab.id}`;
}

/**
 * The APG tabs pattern with manual activation: one tab stop (the selected tab); ←/→ (wrapping), Home
 * and End move focus between tabs, and Enter, Space or a click selects one. Manual, because each
 * selection loads that category's events: arrowing past a tab should not fetch it.
 */
export function CategoryTabs({ tabs, activeTab, onSelect, panelId, idPrefix }: CategoryTabsProps) {
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focused = tabs.findIndex((tab) => tabRefs.current.get(tab.id) === event.target);
    if (focused === -1) return;
    const last = tabs.length - 1;
    let target: number;
    switch (event.key) {
      case 'ArrowRight':
        target = focused >= last ? 0 : focused + 1;
        break;
      case 'ArrowLeft':
        target = focused <= 0 ? last : focused - 1;
        break;
      case 'Home':
        target = 0;
        break;
      case 'End':
        target = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = tabs[target];
    if (tab) tabRefs.current.get(tab.id)?.focus();
  };

  return (
    <div role="tablist" aria-label="Event categories" onKeyDown={onKeyDown} className="flex gap-2 overflow-x-auto p-1">
      {tabs.map((tab) => {
        const isSelected = tab.id === activeTab.id;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={categoryTabId(idPrefix, tab)}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={`shrink-0 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
              isSelected
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700'
            }`}
          >
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
