// A language's name in French, for the back office's sentences ("Nom en anglais"):
// the `languages` table holds each language's own name (English, Deutsch), right for a
// picker but not inside a French sentence.
let names: Intl.DisplayNames | undefined;

export function frenchLanguageName(code: string, fallback = code): string {
  try {
    names ??= new Intl.DisplayNames(['fr'], { type: 'language', fallback: 'none' });
    return names.of(code) ?? fallback;
  } catch {
    return fallback; // not a language code Intl knows
  }
}
