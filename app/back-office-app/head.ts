// The back office as an app on the owner's phone (issue 48): its manifest, its icons and
// what the head of every back-office page says about it. Public pages carry none of it.

/** Everything the installed app and its service worker cover: the back office, and only it. */
export const BACK_OFFICE_SCOPE = '/admin';
export const SERVICE_WORKER_URL = '/admin/sw.js';
export const MANIFEST_URL = '/admin/manifest.webmanifest';

/** app/theme.css's `--primary` and `--background` (a unit test keeps them equal). */
export const THEME_COLOURS = { primary: '#5b3f8c', background: '#fdfaf5' } as const;

/**
 * The PNG icons the build draws from public/favicon.svg (scripts/render-admin-icons.ts)
 * into build/client/admin/icons/: `any` keeps the favicon's rounded square; `maskable`
 * fills the square and keeps the drawing within the safe circle (a launcher cuts any
 * shape); `apple` is opaque (iOS draws transparency black and rounds the corners
 * itself); `badge` is the drawing alone, white, for Android's status bar.
 */
export const BACK_OFFICE_ICONS = [
  { file: 'icon-192.png', size: 192, shape: 'any' },
  { file: 'icon-512.png', size: 512, shape: 'any' },
  { file: 'maskable-512.png', size: 512, shape: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, shape: 'apple' },
  { file: 'badge-96.png', size: 96, shape: 'badge' },
] as const;

export type IconShape = (typeof BACK_OFFICE_ICONS)[number]['shape'];

export const iconUrl = (file: string) => `${BACK_OFFICE_SCOPE}/icons/${file}`;

export function backOfficeManifest() {
  return {
    id: BACK_OFFICE_SCOPE,
    name: "Maison d'hôtes — Administration",
    short_name: 'Administration',
    description: 'Les demandes, les séjours et le contenu du site de la maison d’hôtes.',
    lang: 'fr',
    dir: 'ltr',
    start_url: `${BACK_OFFICE_SCOPE}/today`,
    scope: BACK_OFFICE_SCOPE,
    display: 'standalone',
    background_color: THEME_COLOURS.background,
    theme_color: THEME_COLOURS.primary,
    icons: BACK_OFFICE_ICONS.filter((icon) => icon.shape === 'any' || icon.shape === 'maskable').map((icon) => ({
      src: iconUrl(icon.file),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.shape,
    })),
    // A long press on the icon (Android) opens these directly.
    shortcuts: [
      { name: 'Réservations', url: `${BACK_OFFICE_SCOPE}/reservations` },
      { name: 'Messages', url: `${BACK_OFFICE_SCOPE}/messages` },
    ],
  };
}

/** The back office's `links`: its manifest and the home-screen icon of iOS. */
export const backOfficeLinks = () => [
  { rel: 'manifest', href: MANIFEST_URL },
  { rel: 'apple-touch-icon', href: iconUrl('apple-touch-icon.png'), sizes: '180x180' },
];

/** What every back-office page's head says to a phone (in `adminMeta`: a screen's meta replaces its layout's). */
export const BACK_OFFICE_META = [
  { name: 'theme-color', content: THEME_COLOURS.primary },
  { name: 'mobile-web-app-capable', content: 'yes' },
  { name: 'apple-mobile-web-app-capable', content: 'yes' },
  { name: 'apple-mobile-web-app-status-bar-style', content: 'default' },
  { name: 'apple-mobile-web-app-title', content: 'Administration' },
];
