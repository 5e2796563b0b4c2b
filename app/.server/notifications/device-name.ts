// What the Notifications screen calls a device: its browser and system, read from the
// User-Agent header when it subscribes (nothing else of the header is kept).

/** "Chrome sur Android": enough for the owner to tell their devices apart, nothing more of the User-Agent is kept. */
export function deviceName(userAgent: string | null): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  const browser = /EdgA?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /OPR\//.test(ua)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? 'Appareil inconnu';
}
