// What of a visitor's typed name may appear in a mail we send to the address they
// typed (the booking acknowledgement): enough for the guest to recognise their
// request, too little to carry a message under our name to a stranger. Anything that
// looks like a link, an address or a domain goes whole; what remains keeps only the
// characters of names, at most two words and 30 characters.

const MAX_WORDS = 2;
const MAX_LENGTH = 30;

// A scheme, a path, an address or a dot inside a word ("evil.example", "www.x", "a@b").
const LINK_LIKE = /[:/\\@]|\.\S|^www/i;
const NOT_NAME = /[^\p{L}\p{M}'’-]+/gu;

/** The name shortened to its first words, without links, URLs or anything but letters; '' if nothing is left. */
export function recognisableName(typed: string): string {
  const words: string[] = [];
  let length = 0;
  for (const token of typed.normalize('NFC').split(/\s+/)) {
    if (LINK_LIKE.test(token)) continue;
    const word = token.replace(NOT_NAME, '').replace(/^['’-]+|['’-]+$/g, '');
    if (!word) continue;
    if (words.length === MAX_WORDS || length + word.length + (words.length ? 1 : 0) > MAX_LENGTH) break;
    words.push(word);
    length += word.length + (words.length > 1 ? 1 : 0);
  }
  return words.join(' ');
}
