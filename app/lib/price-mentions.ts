// What the price includes, said beside every price a guest sees — the home cards, the room's
// rates, the quote and the mails (arrêté du 18 décembre 2015: whether breakfast and Internet
// are included, and their price if not). One sentence from the settings, in the reader's
// language: « petit-déjeuner inclus · Wi-Fi inclus ». Safe in the browser.
import type { TFunction } from './i18n';
import { formatMoney } from './money';

export interface PriceMentions {
  breakfast: 'included' | 'paid' | 'none';
  breakfastPriceCents: number | null;
  wifi: 'included' | 'paid' | 'none';
  wifiPriceCents: number | null;
}

export function priceMentionText(mentions: PriceMentions, t: TFunction, language: string): string {
  const said = (item: 'breakfast' | 'wifi', state: PriceMentions['breakfast'], cents: number | null) => {
    if (state === 'paid') return t(`price.${item}Paid`, { price: formatMoney(cents ?? 0, language) });
    return t(state === 'included' ? `price.${item}Included` : `price.${item}None`);
  };
  return [said('breakfast', mentions.breakfast, mentions.breakfastPriceCents), said('wifi', mentions.wifi, mentions.wifiPriceCents)].join(' · ');
}
