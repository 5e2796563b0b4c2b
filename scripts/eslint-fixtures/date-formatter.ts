// A date formatter made where it is used.
export const fixture = (date: Date) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' }).format(date);
