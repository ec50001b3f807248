/**
 * A date-time picker's value ('YYYY-MM-DDTHH:MM', with ':SS' when seconds were picked) read as UTC: the instant the
 * channels take, 'YYYY-MM-DDTHH:MM:SSZ'; '' when nothing is picked. The picker's value has no zone: giving it 'Z'
 * here, never `new Date(local)`, is what keeps the machine's zone out of it.
 */
export function utcInstantOf(picked: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?/.exec(picked);
  if (!match) return '';
  return `${match[1]}${match[2] ?? ':00'}Z`;
}

/** The instant in the machine's own zone, named, to show beside the UTC picker. */
export function localTimeOf(instant: string, locale: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}
