import type { ReactNode } from 'react';

interface SocialLink {
  network: string;
  href: string;
  icon: ReactNode;
}

const ICON_PROPS = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24', className: 'size-5' } as const;

export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    network: 'Facebook',
    href: 'https://www.facebook.com/marqueetickets',
    icon: (
      <svg {...ICON_PROPS} fill="currentColor">
        <path d="M13.5 22v-8h2.8l.5-3.4h-3.3V8.4c0-1 .4-1.8 1.9-1.8H17V3.6c-.3 0-1.4-.2-2.6-.2-2.6 0-4.4 1.6-4.4 4.5v2.7H7.1V14H10v8h3.5Z" />
      </svg>
    ),
  },
  {
    network: 'Instagram',
    href: 'https://www.instagram.com/marqueetickets',
    icon: (
      <svg {...ICON_PROPS} fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.75" fill="currentColor" />
      </svg>
    ),
  },
  {
    network: 'X',
    href: 'https://x.com/marqueetickets',
    icon: (
      <svg {...ICON_PROPS} fill="currentColor">
        <path d="M3.5 3h5.2l4.2 5.8L18 3h2.7l-6.6 7.6L21 21h-5.2l-4.6-6.3L5.7 21H3l7-8.1L3.5 3Zm3.2 1.7 10 14.6h1.5l-10-14.6H6.7Z" />
      </svg>
    ),
  },
  {
    network: 'YouTube',
    href: 'https://www.youtube.com/@marqueetickets',
    icon: (
      <svg {...ICON_PROPS} fill="currentColor">
        <path
          fillRule="evenodd"
          d="M6.5 5h11A4.5 4.5 0 0 1 22 9.5v5a4.5 4.5 0 0 1-4.5 4.5h-11A4.5 4.5 0 0 1 2 14.5v-5A4.5 4.5 0 0 1 6.5 5Zm3.5 3.8v6.4l5.5-3.2L10 8.8Z"
        />
      </svg>
    ),
  },
  {
    network: 'TikTok',
    href: 'https://www.tiktok.com/@marqueetickets',
    icon: (
      <svg {...ICON_PROPS} fill="currentColor">
        <path d="M13.5 2.5h3.2a4.8 4.8 0 0 0 4.3 4.3V10a8 8 0 0 1-4.3-1.4v6.6a6.3 6.3 0 1 1-6.3-6.3h.4v3.3h-.4a3 3 0 1 0 3.1 3V2.5Z" />
      </svg>
    ),
  },
];

/** Marquee's social accounts, as icon links that open in a new tab. */
export function SocialLinks() {
  return (
    <ul className="flex flex-wrap gap-2">
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Marquee on ${link.network} (opens in a new tab)`}
            className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-400 hover:text-brand-950"
          >
            {link.icon}
          </a>
        </li>
      ))}
    </ul>
  );
}
