// What a feed is called in the back office when the owner has not named it: the
// platform its URL belongs to, else its host. Two feeds of one room on one host are
// told apart by the label the owner gives them.
const PLATFORMS: Array<[RegExp, string]> = [
  [/(^|\.)airbnb\.[a-z.]+$/, 'Airbnb'],
  [/(^|\.)booking\.com$/, 'Booking.com'],
  [/(^|\.)(vrbo|homeaway|abritel|fewo-direkt)\.[a-z.]+$/, 'Vrbo'],
  [/(^|\.)google\.com$/, 'Google Agenda'],
  [/(^|\.)(tripadvisor|flipkey)\.[a-z.]+$/, 'Tripadvisor'],
  [/(^|\.)expedia\.[a-z.]+$/, 'Expedia'],
  [/(^|\.)gites-de-france\.com$/, 'Gîtes de France'],
];

export function platformOf(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return url.slice(0, 60);
  }
  return PLATFORMS.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}

/** The name shown for a feed: the owner's label, else the platform. */
export const feedLabel = (feed: { label: string | null; url: string }) => feed.label?.trim() || platformOf(feed.url);
