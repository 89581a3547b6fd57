/**
 * The six package colour classes. Chosen from the Okabe–Ito / Tol palettes so they stay apart for
 * common colour-vision deficiencies; each is at least 3:1 against the white map background
 * (WCAG 1.4.11 non-text contrast). Selected seats also get a check mark and a thick dark ring, so
 * state never relies on colour alone; unavailable seats are pale grey, reserved ones smaller dark grey dots.
 */
export const PACKAGE_FILLS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8A6D00', '#6A3D9A'] as const;

export function packageFill(colorClass: number): string {
  return PACKAGE_FILLS[((colorClass % 6) + 6) % 6]!;
}

export const SELECTED_FILL = '#111827';
export const RESERVED_FILL = '#6B7280';
export const UNAVAILABLE_FILL = '#E5E7EB';
export const UNAVAILABLE_STROKE = '#9CA3AF';
/** Unavailable seats on the map: pale grey dots (the legend shows the same fill with a ring). */
export const UNAVAILABLE_STROKE_DOT = '#D1D5DB';
/**
 * The marks on accessible places (a wheelchair symbol, a companion seat's ring): white on a seat's colour (every
 * package colour and the reserved grey are 3:1 or more against white), dark on the pale grey of unavailable seats.
 */
export const ACCESS_MARK = '#FFFFFF';
export const ACCESS_MARK_ON_UNAVAILABLE = '#4B5563';
