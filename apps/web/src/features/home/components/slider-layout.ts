/** Up to 4 cards at once on wide screens (spec: home sliders show up to 4 cards), one and a peek on a phone. */
export const HOME_SLIDE_CLASSES = 'basis-[85%] sm:basis-1/2 lg:basis-1/3 xl:basis-1/4';

/** While loading, as many placeholder cards as the slider will show at each width. */
export const SKELETON_SLOT_CLASSES = ['', 'hidden sm:block', 'hidden lg:block', 'hidden xl:block'] as const;

export const SKELETON_GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
