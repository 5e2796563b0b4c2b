// The demo guesthouse: La Bastide aux Jasmins, a stone bastide in the hills of
// Grasse. Everything a newcomer sees on a fresh install comes from here. Phone
// numbers are in the ranges ARCEP reserves for fiction (04 65 71…, 06 39 98…), so
// the demo never points visitors at a real line.
import type { Scene } from './scenes';

export const DEMO_LANGUAGES = [
  { code: 'fr', name: 'Français' },
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type DemoLanguage = (typeof DEMO_LANGUAGES)[number]['code'];
export type Localized = Record<DemoLanguage, string>;

/** Scene of one picture; the seed is derived from the owner so pictures never repeat. */
export type DemoPicture = Omit<Scene, 'seed'>;

export const DEMO_SITE = {
  name: {
    fr: 'La Bastide aux Jasmins',
    en: 'La Bastide aux Jasmins',
    es: 'La Bastide aux Jasmins',
    de: 'La Bastide aux Jasmins',
  } satisfies Localized,
  tagline: {
    fr: "Chambres d'hôtes de charme au cœur du pays de Grasse",
    en: 'Charming guest rooms in the heart of the Grasse countryside',
    es: 'Habitaciones de huéspedes con encanto en el corazón del país de Grasse',
    de: 'Charmante Gästezimmer im Herzen des Pays de Grasse',
  } satisfies Localized,
  modalites: {
    fr:
      '<p><strong>Arrivée</strong> de 16 h à 20 h, <strong>départ</strong> avant 11 h. Une arrivée plus tardive est possible en nous prévenant.</p>' +
      '<ul>' +
      '<li>Petit-déjeuner provençal <strong>inclus</strong>, servi de 8 h à 10 h sous la tonnelle.</li>' +
      '<li>Séjour de 2 nuits minimum en haute saison (juillet et août).</li>' +
      "<li>Acompte de 30 % à la réservation, solde à l'arrivée (espèces, chèque ou carte bancaire).</li>" +
      "<li>Annulation gratuite jusqu'à 14 jours avant l'arrivée ; au-delà, l'acompte reste acquis.</li>" +
      '<li>Taxe de séjour : 1,10 € par adulte et par nuit.</li>' +
      '<li>Maison non-fumeur ; les animaux ne sont pas admis.</li>' +
      '</ul>' +
      '<p>Linge de lit et serviettes fournis, serviettes de piscine à disposition.</p>',
    en:
      '<p><strong>Check-in</strong> from 4 pm to 8 pm, <strong>check-out</strong> before 11 am. Later arrivals are possible if you let us know.</p>' +
      '<ul>' +
      '<li>Provençal breakfast <strong>included</strong>, served from 8 am to 10 am under the arbour.</li>' +
      '<li>Minimum stay of 2 nights in high season (July and August).</li>' +
      '<li>30% deposit when booking, balance on arrival (cash, cheque or card).</li>' +
      '<li>Free cancellation up to 14 days before arrival; after that, the deposit is kept.</li>' +
      '<li>Tourist tax: €1.10 per adult per night.</li>' +
      '<li>Non-smoking house; pets are not allowed.</li>' +
      '</ul>' +
      '<p>Bed linen and towels provided, pool towels available.</p>',
    es:
      '<p><strong>Llegada</strong> de 16:00 a 20:00, <strong>salida</strong> antes de las 11:00. Es posible llegar más tarde avisándonos.</p>' +
      '<ul>' +
      '<li>Desayuno provenzal <strong>incluido</strong>, servido de 8:00 a 10:00 bajo la pérgola.</li>' +
      '<li>Estancia mínima de 2 noches en temporada alta (julio y agosto).</li>' +
      '<li>Depósito del 30 % al reservar, resto a la llegada (efectivo, cheque o tarjeta).</li>' +
      '<li>Cancelación gratuita hasta 14 días antes de la llegada; después, el depósito no se devuelve.</li>' +
      '<li>Tasa turística: 1,10 € por adulto y noche.</li>' +
      '<li>Casa de no fumadores; no se admiten animales.</li>' +
      '</ul>' +
      '<p>Ropa de cama y toallas incluidas, toallas de piscina a su disposición.</p>',
    de:
      '<p><strong>Anreise</strong> von 16 bis 20 Uhr, <strong>Abreise</strong> bis 11 Uhr. Eine spätere Ankunft ist nach Absprache möglich.</p>' +
      '<ul>' +
      '<li>Provenzalisches Frühstück <strong>inklusive</strong>, serviert von 8 bis 10 Uhr unter der Laube.</li>' +
      '<li>Mindestaufenthalt von 2 Nächten in der Hochsaison (Juli und August).</li>' +
      '<li>30 % Anzahlung bei der Buchung, Restbetrag bei Anreise (bar, Scheck oder Karte).</li>' +
      '<li>Kostenlose Stornierung bis 14 Tage vor Anreise; danach wird die Anzahlung einbehalten.</li>' +
      '<li>Kurtaxe: 1,10 € pro Erwachsenem und Nacht.</li>' +
      '<li>Nichtraucherhaus; Haustiere sind nicht erlaubt.</li>' +
      '</ul>' +
      '<p>Bettwäsche und Handtücher inklusive, Poolhandtücher vorhanden.</p>',
  } satisfies Localized,
  address: 'La Bastide aux Jasmins\n1250 chemin du Vieux Mas\n06130 Grasse\nFrance',
  phones: ['04 65 71 32 18', '06 39 98 47 05'],
  contactEmail: 'contact@bastide-aux-jasmins.fr',
  extraContactEmail: 'reservation@bastide-aux-jasmins.fr',
  instagramLink: 'https://www.instagram.com/bastideauxjasmins/',
  bookingLink: 'https://www.booking.com/hotel/fr/la-bastide-aux-jasmins.html',
  airbnbLink: 'https://www.airbnb.fr/h/bastide-aux-jasmins',
  tripadvisorLink: 'https://www.tripadvisor.fr/Search?q=La%20Bastide%20aux%20Jasmins%20Grasse',
  heroPictures: [
    { kind: 'lavender', time: 'golden', accent: '#8c7bbd' },
    { kind: 'village', time: 'sunset' },
    { kind: 'pool', time: 'day', accent: '#7d9fbf' },
  ] satisfies DemoPicture[],
};

export const DEMO_SEASONS = ['Basse saison', 'Moyenne saison', 'Haute saison'] as const;

export interface DemoRoom {
  name: Localized;
  short: Localized;
  long: Localized;
  tags: Localized;
  maxGuests: number;
  /** Base price per night in cents (the mid-season rate). */
  priceCents: number;
  /** One price per DEMO_SEASONS entry, in cents. */
  seasonPricesCents: [number, number, number];
  /** Prices by number of guests (issue 45): each guest beyond the two a night includes, per night. */
  extraGuestCents?: { adult: number; child: number };
  amenities: string[];
  pictures: DemoPicture[];
}

const LAVENDER = '#8c7bbd';
const JASMINE = '#9bb08a';
const ROSE = '#d88f98';
const MIMOSA = '#e2b53e';

export const DEMO_ROOMS: DemoRoom[] = [
  {
    name: { fr: 'Chambre Lavande', en: 'Lavender Room', es: 'Habitación Lavanda', de: 'Zimmer Lavendel' },
    short: {
      fr: '<p>Une chambre lumineuse à l’étage, son balcon ouvert sur les champs de lavande et les collines.</p>',
      en: '<p>A bright upstairs room whose balcony opens onto the lavender fields and the hills.</p>',
      es: '<p>Una habitación luminosa en la planta alta, con balcón abierto a los campos de lavanda y las colinas.</p>',
      de: '<p>Ein helles Zimmer im Obergeschoss, dessen Balkon sich zu den Lavendelfeldern und Hügeln öffnet.</p>',
    },
    long: {
      fr:
        '<p>Au premier étage de la bastide, la chambre Lavande doit son nom aux rangs mauves qui s’étirent sous ses fenêtres. Murs chaulés, poutres apparentes et tomettes anciennes composent un décor simple et apaisant.</p>' +
        '<p>Le lit queen size (160 × 200) est habillé de lin lavé ; la salle de bain privée dispose d’une douche à l’italienne. Depuis le balcon, le regard file jusqu’aux Préalpes — idéal pour un verre au coucher du soleil.</p>',
      en:
        '<p>On the first floor of the bastide, the Lavender Room takes its name from the purple rows stretching beneath its windows. Limewashed walls, exposed beams and old terracotta tiles make for a simple, soothing setting.</p>' +
        '<p>The queen-size bed (160 × 200) is dressed in washed linen; the private bathroom has a walk-in shower. From the balcony the view runs all the way to the foothills of the Alps — perfect for a drink at sunset.</p>',
      es:
        '<p>En la primera planta de la bastida, la habitación Lavanda debe su nombre a las hileras malvas que se extienden bajo sus ventanas. Paredes encaladas, vigas vistas y baldosas antiguas crean un ambiente sencillo y sereno.</p>' +
        '<p>La cama queen size (160 × 200) está vestida con lino lavado; el baño privado tiene ducha a ras de suelo. Desde el balcón la vista llega hasta los Prealpes, ideal para una copa al atardecer.</p>',
      de:
        '<p>Im ersten Stock der Bastide verdankt das Zimmer Lavendel seinen Namen den violetten Reihen unter seinen Fenstern. Gekalkte Wände, sichtbare Balken und alte Terrakottafliesen schaffen eine schlichte, ruhige Atmosphäre.</p>' +
        '<p>Das Queen-Size-Bett (160 × 200) ist mit gewaschenem Leinen bezogen; das eigene Bad hat eine ebenerdige Dusche. Vom Balkon reicht der Blick bis zu den Voralpen – ideal für einen Drink bei Sonnenuntergang.</p>',
    },
    tags: {
      fr: 'Vue sur la lavande, Balcon, Lit queen size, Calme absolu',
      en: 'Lavender view, Balcony, Queen-size bed, Total peace',
      es: 'Vista a la lavanda, Balcón, Cama queen size, Tranquilidad absoluta',
      de: 'Lavendelblick, Balkon, Queen-Size-Bett, Absolute Ruhe',
    },
    maxGuests: 2,
    priceCents: 115_00,
    seasonPricesCents: [95_00, 115_00, 140_00],
    amenities: ['wifi', 'bathroom', 'double_bed', 'balcony', 'mountain_view', 'air_conditioning', 'petit_dejeuner'],
    pictures: [
      { kind: 'bedroom', accent: LAVENDER, time: 'day', corner: 'olive' },
      { kind: 'window', accent: LAVENDER, time: 'golden' },
      { kind: 'lavender', accent: LAVENDER, time: 'day' },
      { kind: 'mas', accent: LAVENDER, time: 'golden' },
    ],
  },
  {
    name: { fr: 'Chambre Jasmin', en: 'Jasmine Room', es: 'Habitación Jazmín', de: 'Zimmer Jasmin' },
    short: {
      fr: '<p>De plain-pied sur le jardin, une terrasse privée parfumée par le jasmin de Grasse.</p>',
      en: '<p>On the garden level, with a private terrace scented by Grasse jasmine.</p>',
      es: '<p>A nivel del jardín, con una terraza privada perfumada por el jazmín de Grasse.</p>',
      de: '<p>Ebenerdig zum Garten, mit eigener Terrasse, die nach Grasser Jasmin duftet.</p>',
    },
    long: {
      fr:
        '<p>Installée dans l’ancienne magnanerie, la chambre Jasmin ouvre directement sur le jardin provençal. Sa terrasse privée, bordée de jasmins et d’oliviers centenaires, accueille le petit-déjeuner aux beaux jours.</p>' +
        '<p>Lit double (140 × 190), salle d’eau privée, machine à café et bouilloire. La piscine est à quelques pas, au bout de l’allée de cyprès.</p>',
      en:
        '<p>Set in the former silkworm house, the Jasmine Room opens straight onto the Provençal garden. Its private terrace, lined with jasmine and hundred-year-old olive trees, hosts breakfast on sunny days.</p>' +
        '<p>Double bed (140 × 190), private shower room, coffee machine and kettle. The pool is a few steps away, at the end of the cypress alley.</p>',
      es:
        '<p>Situada en la antigua sedería, la habitación Jazmín se abre directamente al jardín provenzal. Su terraza privada, rodeada de jazmines y olivos centenarios, acoge el desayuno los días soleados.</p>' +
        '<p>Cama doble (140 × 190), baño privado con ducha, cafetera y hervidor. La piscina está a unos pasos, al final del paseo de cipreses.</p>',
      de:
        '<p>In der ehemaligen Seidenraupenzucht gelegen, öffnet sich das Zimmer Jasmin direkt zum provenzalischen Garten. Auf der eigenen Terrasse zwischen Jasmin und hundertjährigen Olivenbäumen wird an sonnigen Tagen das Frühstück serviert.</p>' +
        '<p>Doppelbett (140 × 190), eigenes Duschbad, Kaffeemaschine und Wasserkocher. Der Pool liegt nur wenige Schritte entfernt am Ende der Zypressenallee.</p>',
    },
    tags: {
      fr: 'Rez-de-jardin, Terrasse privée, Oliviers, Accès direct à la piscine',
      en: 'Garden level, Private terrace, Olive trees, Direct pool access',
      es: 'Planta jardín, Terraza privada, Olivos, Acceso directo a la piscina',
      de: 'Gartenebene, Eigene Terrasse, Olivenbäume, Direkter Poolzugang',
    },
    maxGuests: 2,
    priceCents: 95_00,
    seasonPricesCents: [80_00, 95_00, 120_00],
    amenities: ['wifi', 'bathroom', 'double_bed', 'garden', 'jardin_provencal', 'coffee', 'petit_dejeuner'],
    pictures: [
      { kind: 'bedroom', accent: JASMINE, time: 'day', mirror: true, corner: 'chest' },
      { kind: 'olives', time: 'golden' },
      { kind: 'window', accent: JASMINE, time: 'day' },
    ],
  },
  {
    name: { fr: 'Suite Rose de Mai', en: 'Rose de Mai Suite', es: 'Suite Rosa de Mayo', de: 'Suite Rose de Mai' },
    short: {
      fr: '<p>Notre suite familiale : deux chambres, une kitchenette et la vue sur la piscine, pour quatre.</p>',
      en: '<p>Our family suite: two bedrooms, a kitchenette and a view of the pool, for four.</p>',
      es: '<p>Nuestra suite familiar: dos dormitorios, una cocina americana y vistas a la piscina, para cuatro.</p>',
      de: '<p>Unsere Familiensuite: zwei Schlafzimmer, eine Kitchenette und Blick auf den Pool, für vier.</p>',
    },
    long: {
      fr:
        '<p>La rose centifolia, dite rose de mai, fait la renommée des parfumeurs grassois depuis trois siècles. La suite qui porte son nom occupe toute l’aile sud de la bastide : une chambre avec lit double, une seconde avec deux lits simples, et un coin salon avec kitchenette équipée.</p>' +
        '<p>Climatisation, télévision, wifi haut débit et parking privé : tout est pensé pour les séjours en famille ou entre amis. Les fenêtres donnent sur la piscine et, au loin, sur les toits de la vieille ville.</p>',
      en:
        '<p>The centifolia rose, known as the May rose, has made the name of Grasse’s perfumers for three centuries. The suite named after it fills the whole south wing of the bastide: one bedroom with a double bed, a second with two single beds, and a sitting area with a fitted kitchenette.</p>' +
        '<p>Air conditioning, TV, high-speed wifi and private parking: everything is designed for families or friends travelling together. The windows overlook the pool and, in the distance, the rooftops of the old town.</p>',
      es:
        '<p>La rosa centifolia, llamada rosa de mayo, da fama a los perfumistas de Grasse desde hace tres siglos. La suite que lleva su nombre ocupa toda el ala sur de la bastida: un dormitorio con cama doble, otro con dos camas individuales y un salón con cocina americana equipada.</p>' +
        '<p>Aire acondicionado, televisión, wifi de alta velocidad y aparcamiento privado: todo está pensado para familias o amigos. Las ventanas dan a la piscina y, a lo lejos, a los tejados del casco antiguo.</p>',
      de:
        '<p>Die Zentifolie, die sogenannte Mairose, begründet seit drei Jahrhunderten den Ruhm der Grasser Parfümeure. Die nach ihr benannte Suite nimmt den ganzen Südflügel der Bastide ein: ein Schlafzimmer mit Doppelbett, ein zweites mit zwei Einzelbetten und ein Wohnbereich mit ausgestatteter Kitchenette.</p>' +
        '<p>Klimaanlage, Fernseher, schnelles WLAN und Privatparkplatz: alles ist auf Familien und Freunde ausgelegt. Die Fenster blicken auf den Pool und in der Ferne auf die Dächer der Altstadt.</p>',
    },
    tags: {
      fr: 'Suite familiale, Deux chambres, Kitchenette, Vue piscine',
      en: 'Family suite, Two bedrooms, Kitchenette, Pool view',
      es: 'Suite familiar, Dos dormitorios, Cocina americana, Vista a la piscina',
      de: 'Familiensuite, Zwei Schlafzimmer, Kitchenette, Poolblick',
    },
    maxGuests: 4,
    priceCents: 160_00,
    seasonPricesCents: [135_00, 160_00, 195_00],
    extraGuestCents: { adult: 30_00, child: 15_00 },
    amenities: ['wifi_haut_debit', 'bathroom', 'kitchen', 'tv', 'double_bed', 'air_conditioning', 'pool', 'parking_prive_gratuit', 'petit_dejeuner'],
    pictures: [
      { kind: 'bedroom', accent: ROSE, time: 'golden', corner: 'olive' },
      { kind: 'pool', accent: ROSE, time: 'day' },
      { kind: 'window', accent: ROSE, time: 'day', mirror: true },
      { kind: 'mas', accent: ROSE, time: 'golden', mirror: true },
      { kind: 'village', time: 'golden' },
    ],
  },
  {
    name: { fr: 'Chambre Mimosa', en: 'Mimosa Room', es: 'Habitación Mimosa', de: 'Zimmer Mimose' },
    short: {
      fr: '<p>Sous les toits, une chambre douillette tournée vers Grasse et ses couchers de soleil.</p>',
      en: '<p>Under the eaves, a cosy room facing Grasse and its sunsets.</p>',
      es: '<p>Bajo el tejado, una habitación acogedora orientada hacia Grasse y sus atardeceres.</p>',
      de: '<p>Unter dem Dach, ein gemütliches Zimmer mit Blick auf Grasse und seine Sonnenuntergänge.</p>',
    },
    long: {
      fr:
        '<p>Nichée sous la charpente d’origine, la chambre Mimosa rappelle les collines qui se couvrent d’or en février, quand le mimosa fleurit dans le massif du Tanneron. Ses teintes jaune pâle et ses tissus provençaux réchauffent chaque saison.</p>' +
        '<p>Un lit double et un lit d’appoint permettent d’accueillir trois personnes. Le soir, la vue s’étend sur la vieille ville de Grasse et sa cathédrale, jusqu’à la mer par temps clair.</p>',
      en:
        '<p>Tucked under the original roof timbers, the Mimosa Room recalls the hills that turn gold in February, when the mimosa blooms across the Tanneron range. Its pale yellow tones and Provençal fabrics warm every season.</p>' +
        '<p>A double bed and an extra bed sleep three. In the evening the view stretches over the old town of Grasse and its cathedral, all the way to the sea on clear days.</p>',
      es:
        '<p>Bajo la estructura original del tejado, la habitación Mimosa evoca las colinas que se tiñen de oro en febrero, cuando florece la mimosa en el macizo del Tanneron. Sus tonos amarillo pálido y sus telas provenzales dan calidez en cada estación.</p>' +
        '<p>Una cama doble y una cama supletoria permiten alojar a tres personas. Por la tarde, la vista abarca el casco antiguo de Grasse y su catedral, hasta el mar en los días claros.</p>',
      de:
        '<p>Unter dem originalen Dachstuhl erinnert das Zimmer Mimose an die Hügel, die sich im Februar golden färben, wenn im Tanneron-Massiv die Mimosen blühen. Zartgelbe Farben und provenzalische Stoffe wärmen zu jeder Jahreszeit.</p>' +
        '<p>Ein Doppelbett und ein Zustellbett bieten Platz für drei Personen. Abends reicht der Blick über die Altstadt von Grasse und ihre Kathedrale, bei klarem Wetter bis zum Meer.</p>',
    },
    tags: {
      fr: 'Sous les toits, Vue sur Grasse, Lit d’appoint, Coucher de soleil',
      en: 'Under the eaves, View of Grasse, Extra bed, Sunsets',
      es: 'Bajo el tejado, Vista a Grasse, Cama supletoria, Atardeceres',
      de: 'Unterm Dach, Blick auf Grasse, Zustellbett, Sonnenuntergänge',
    },
    maxGuests: 3,
    priceCents: 125_00,
    seasonPricesCents: [105_00, 125_00, 150_00],
    amenities: ['wifi', 'bathroom', 'double_bed', 'tv', 'coffee', 'mountain_view', 'air_conditioning', 'petit_dejeuner'],
    pictures: [
      { kind: 'bedroom', accent: MIMOSA, time: 'golden', corner: 'chest' },
      { kind: 'window', accent: MIMOSA, time: 'sunset' },
      { kind: 'village', time: 'sunset' },
      { kind: 'olives', time: 'day' },
    ],
  },
];

export interface DemoSection {
  position: number;
  title: Localized;
  content: Localized;
  amenities: string[];
  pictures: DemoPicture[];
}

export const DEMO_SECTIONS: DemoSection[] = [
  {
    position: 0,
    title: {
      fr: 'Bienvenue à la Bastide',
      en: 'Welcome to the Bastide',
      es: 'Bienvenidos a la Bastide',
      de: 'Willkommen in der Bastide',
    },
    content: {
      fr:
        '<p>Bâtie au XVIIIe siècle pour une famille de cueilleurs de jasmin, notre bastide veille sur quatre hectares de restanques, d’oliviers et de lavande, à cinq minutes de la vieille ville de Grasse.</p>' +
        '<p>Nous y avons aménagé quatre chambres d’hôtes, chacune baptisée d’une fleur à parfum. Le matin, le petit-déjeuner maison — confitures, fougasse et miel du voisin — vous attend sous la tonnelle.</p>',
      en:
        '<p>Built in the 18th century for a family of jasmine pickers, our bastide looks over ten acres of terraces, olive trees and lavender, five minutes from the old town of Grasse.</p>' +
        '<p>We have created four guest rooms there, each named after a perfume flower. In the morning a homemade breakfast — jams, fougasse and our neighbour’s honey — awaits you under the arbour.</p>',
      es:
        '<p>Construida en el siglo XVIII para una familia de recolectores de jazmín, nuestra bastida domina cuatro hectáreas de bancales, olivos y lavanda, a cinco minutos del casco antiguo de Grasse.</p>' +
        '<p>Hemos preparado cuatro habitaciones, cada una con el nombre de una flor de perfume. Por la mañana, un desayuno casero — mermeladas, fougasse y miel del vecino — le espera bajo la pérgola.</p>',
      de:
        '<p>Im 18. Jahrhundert für eine Familie von Jasminpflückern erbaut, wacht unsere Bastide über vier Hektar Terrassen, Olivenbäume und Lavendel, fünf Minuten von der Altstadt von Grasse entfernt.</p>' +
        '<p>Wir haben dort vier Gästezimmer eingerichtet, jedes nach einer Parfümblume benannt. Morgens erwartet Sie ein hausgemachtes Frühstück – Konfitüren, Fougasse und Honig vom Nachbarn – unter der Laube.</p>',
    },
    amenities: [],
    pictures: [{ kind: 'mas', time: 'day', accent: '#7d9fbf' }],
  },
  {
    position: 50,
    title: {
      fr: 'Le jardin et la piscine',
      en: 'The garden and the pool',
      es: 'El jardín y la piscina',
      de: 'Garten und Pool',
    },
    content: {
      fr:
        '<p>Quatre mille mètres carrés de jardin provençal entourent la maison : allée de cyprès, oliviers centenaires, massifs de lavande et de romarin. Au bout de l’allée, la piscine de 12 × 5 m, chauffée de mai à septembre, offre une vue dégagée sur les collines.</p>' +
        '<p>Transats, parasols et serviettes sont à votre disposition ; le parking privé est fermé et gratuit.</p>',
      en:
        '<p>An acre of Provençal garden surrounds the house: a cypress alley, ancient olive trees, beds of lavender and rosemary. At the end of the alley, the 12 × 5 m pool, heated from May to September, looks out over the hills.</p>' +
        '<p>Sun loungers, parasols and towels are at your disposal; the private car park is gated and free.</p>',
      es:
        '<p>Cuatro mil metros cuadrados de jardín provenzal rodean la casa: paseo de cipreses, olivos centenarios, macizos de lavanda y romero. Al final del paseo, la piscina de 12 × 5 m, climatizada de mayo a septiembre, ofrece vistas despejadas a las colinas.</p>' +
        '<p>Tumbonas, sombrillas y toallas a su disposición; el aparcamiento privado es cerrado y gratuito.</p>',
      de:
        '<p>Viertausend Quadratmeter provenzalischer Garten umgeben das Haus: Zypressenallee, jahrhundertealte Olivenbäume, Beete mit Lavendel und Rosmarin. Am Ende der Allee bietet der 12 × 5 m große, von Mai bis September beheizte Pool einen freien Blick auf die Hügel.</p>' +
        '<p>Liegestühle, Sonnenschirme und Handtücher stehen bereit; der private Parkplatz ist abgeschlossen und kostenlos.</p>',
    },
    amenities: ['jardin_provencal', 'grande_piscine', 'parking_prive_gratuit', 'wifi_haut_debit', 'petit_dejeuner'],
    pictures: [
      { kind: 'pool', time: 'golden', accent: '#8ea78a' },
      { kind: 'olives', time: 'day' },
    ],
  },
];

export interface DemoTestimonial {
  name: string;
  email: string;
  country: string;
  rating: number;
  message: string;
  daysAgo: number;
  published: boolean;
  featured: boolean;
}

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    name: 'Claire et Julien',
    email: 'claire.julien@example.com',
    country: 'FR',
    rating: 5,
    message:
      'Un vrai havre de paix ! La chambre Lavande est ravissante, le petit-déjeuner sous la tonnelle inoubliable et nos hôtes d’une gentillesse rare. Nous reviendrons pour la récolte du jasmin.',
    daysAgo: 26,
    published: true,
    featured: true,
  },
  {
    name: 'Sophie Van den Berg',
    email: 'sophie.vdb@example.be',
    country: 'BE',
    rating: 5,
    message:
      'Séjour parfait en famille dans la suite Rose de Mai. Les enfants ont adoré la piscine, nous avons adoré le calme et les conseils pour visiter les parfumeries de Grasse.',
    daysAgo: 58,
    published: true,
    featured: true,
  },
  {
    name: 'Markus Weber',
    email: 'markus.weber@example.de',
    country: 'DE',
    rating: 5,
    message:
      'Wunderschöne Bastide mit Blick über die Hügel. Sehr sauber, herzliche Gastgeber und das beste Frühstück unserer Reise. Ideal als Ausgangspunkt für Cannes, Nizza und die Gorges du Verdon.',
    daysAgo: 95,
    published: true,
    featured: true,
  },
  {
    name: 'Emma Clarke',
    email: 'emma.clarke@example.co.uk',
    country: 'UK',
    rating: 4,
    message:
      'A lovely, peaceful place just outside Grasse. The Mimosa room has a gorgeous sunset view. The road up is narrow, but the welcome and the homemade jams make up for it.',
    daysAgo: 140,
    published: true,
    featured: false,
  },
  {
    name: 'Giulia Rinaldi',
    email: 'giulia.rinaldi@example.it',
    country: 'IT',
    rating: 5,
    message: 'Posto magico, silenzioso e curato in ogni dettaglio. La piscina tra gli ulivi e la colazione provenzale valgono il viaggio. Grazie di tutto!',
    daysAgo: 183,
    published: true,
    featured: false,
  },
  {
    name: 'Lucas Martin',
    email: 'lucas.martin@example.ch',
    country: 'CH',
    rating: 5,
    message:
      'Trois nuits dans la chambre Jasmin, avec la terrasse pour nous seuls. Tout était parfait, merci pour les bonnes adresses de restaurants dans la vieille ville.',
    daysAgo: 6,
    published: false,
    featured: false,
  },
  {
    name: 'Jennifer Lee',
    email: 'jennifer.lee@example.com',
    country: 'US',
    rating: 4,
    message: 'Beautiful house and gardens, very helpful hosts. We loved the perfume workshop they booked for us. A car is a must to get around.',
    daysAgo: 2,
    published: false,
    featured: false,
  },
];

export const DEMO_TRANSPORT: Record<'car' | 'train' | 'plane', Localized> = {
  car: {
    fr: '<p>Par l’A8, sortie 42 « Cannes – Grasse », puis la pénétrante Cannes-Grasse jusqu’à Grasse-Sud. Parking privé et gratuit dans la propriété.</p>',
    en: '<p>Take the A8 motorway, exit 42 “Cannes – Grasse”, then the Cannes-Grasse expressway to Grasse-Sud. Free private parking on the property.</p>',
    es: '<p>Por la autopista A8, salida 42 «Cannes – Grasse», y luego la vía rápida Cannes-Grasse hasta Grasse-Sud. Aparcamiento privado y gratuito en la finca.</p>',
    de: '<p>Über die A8, Ausfahrt 42 „Cannes – Grasse“, dann die Schnellstraße Cannes-Grasse bis Grasse-Sud. Kostenloser Privatparkplatz auf dem Grundstück.</p>',
  },
  train: {
    fr: '<p>La gare de Grasse est desservie par les TER depuis Cannes (25 min) et Nice (1 h). Elle est à 3 km : nous venons vous chercher sur demande.</p>',
    en: '<p>Grasse station is served by regional trains from Cannes (25 min) and Nice (1 h). It is 3 km away: we can pick you up on request.</p>',
    es: '<p>La estación de Grasse tiene trenes regionales desde Cannes (25 min) y Niza (1 h). Está a 3 km: le recogemos si lo solicita.</p>',
    de: '<p>Der Bahnhof Grasse wird von Regionalzügen aus Cannes (25 Min.) und Nizza (1 Std.) angefahren. Er liegt 3 km entfernt: Auf Wunsch holen wir Sie ab.</p>',
  },
  plane: {
    fr: '<p>L’aéroport Nice Côte d’Azur est à 40 minutes. Loueurs de voitures sur place ; transfert possible sur réservation.</p>',
    en: '<p>Nice Côte d’Azur airport is 40 minutes away. Car hire on site; transfers available on request.</p>',
    es: '<p>El aeropuerto de Niza Costa Azul está a 40 minutos. Alquiler de coches en el aeropuerto; traslado posible bajo reserva.</p>',
    de: '<p>Der Flughafen Nizza Côte d’Azur ist 40 Minuten entfernt. Mietwagen vor Ort; Transfer auf Anfrage.</p>',
  },
};

const sameName = (name: string): Localized => ({ fr: name, en: name, es: name, de: name });

export const DEMO_DISTANCES: ReadonlyArray<{ city: string; minutes: number; name: Localized }> = [
  { city: 'Cannes', minutes: 30, name: sameName('Cannes') },
  { city: 'Antibes', minutes: 35, name: sameName('Antibes') },
  {
    city: 'Aéroport Nice Côte d’Azur',
    minutes: 40,
    name: { fr: 'Aéroport Nice Côte d’Azur', en: 'Nice Côte d’Azur Airport', es: 'Aeropuerto de Niza Costa Azul', de: 'Flughafen Nizza Côte d’Azur' },
  },
  { city: 'Monaco', minutes: 60, name: { fr: 'Monaco', en: 'Monaco', es: 'Mónaco', de: 'Monaco' } },
  { city: 'Gorges du Verdon', minutes: 95, name: { fr: 'Gorges du Verdon', en: 'Verdon Gorge', es: 'Garganta del Verdon', de: 'Verdonschlucht' } },
];

/** The stay terms as figures (issue 35): what the Modalités above promise. */
/**
 * The tourist tax as a town in Alpes-Maritimes sets it (issue 44): a base and the 34 %
 * regional surcharge, 0,82 € × 1,34 = 1,0988 → 1,10 € per adult per night, as the
 * Modalités above say; declared every quarter.
 */
export const DEMO_TOURIST_TAX = {
  touristTaxBaseCents: 82,
  touristTaxRegionalPercent: 34,
  touristTaxDepartmentalPercent: 0,
  touristTaxCollector: "Communauté d'agglomération du Pays de Grasse",
  touristTaxDeclarationUrl: 'https://taxe-de-sejour.example.fr',
  touristTaxFrequency: 'quarterly' as const,
  touristTaxDueDay: 20,
  touristTaxDeliberation: 'Délibération de démonstration n° 2025-000',
};

export const DEMO_STAY_TERMS = {
  depositPercent: 30,
  balanceDueDays: 0,
  checkInTime: '16:00',
  checkOutTime: '11:00',
  bank: { holder: 'La Bastide aux Jasmins', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  cancellationTerms: {
    fr: "<p>Annulation gratuite jusqu'à 14 jours avant l'arrivée ; au-delà, l'acompte reste acquis.</p>",
    en: '<p>Free cancellation up to 14 days before arrival; after that, the deposit is kept.</p>',
    es: '<p>Cancelación gratuita hasta 14 días antes de la llegada; después, el depósito no se devuelve.</p>',
    de: '<p>Kostenlose Stornierung bis 14 Tage vor der Anreise; danach wird die Anzahlung einbehalten.</p>',
  } satisfies Localized,
};

/**
 * A complete legal notice (LCEN art. 6 III, the mediator of L616-1), plainly fictional so
 * that nobody takes the demo's for a real one: an owner may publish the demo as it is
 * only after writing their own. The publisher's address, phone and e-mail are the site's.
 */
export const DEMO_LEGAL_NOTICE = {
  publisherStatus: 'individual' as const,
  legalOwner: 'Camille Exemple',
  legalSiret: '123 456 789 00012',
  publicationDirector: 'Camille Exemple',
  hostName: 'Hébergeur Exemple SAS',
  hostAddress: "1 rue de l'Exemple\n75000 Paris",
  hostPhone: '01 23 45 67 89',
  mediatorName: 'Médiateur Exemple de la consommation',
  mediatorUrl: 'https://mediateur.example.org',
};
