// Dates in the coach area and the person's sharing card, as the rest of the app writes them
// ("Nov 29, 2026" and "Nov 29, 2026, 11:07 AM"), in the reader's locale.
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (at: string | Date) => day.format(new Date(at));
export const formatMoment = (at: string | Date) => moment.format(new Date(at));
