/** The IANA zones this browser knows, for the zone picker. */

export interface ZoneOption {
  id: string;
  /** "America/New York" */
  label: string;
  /** "GMT-4" today. */
  offset: string;
  /** Lower-case text the search matches against. */
  search: string;
}

let cached: ZoneOption[] | undefined;

/** "GMT+5:30" for the zone at `at` ("GMT" for UTC itself). */
export function zoneOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

export function zoneLabel(timeZone: string): string {
  return timeZone.replaceAll('_', ' ').replaceAll('/', ' / ');
}

/** The local clock in a zone now: "14:05". */
export function clockIn(timeZone: string, at: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  } catch {
    return '';
  }
}

function option(id: string): ZoneOption {
  const label = zoneLabel(id);
  const offset = zoneOffset(id);
  return { id, label, offset, search: `${label} ${id} ${offset}`.toLowerCase() };
}

export function allZones(): ZoneOption[] {
  if (!cached) {
    const ids = new Set(Intl.supportedValuesOf('timeZone'));
    // Some engines list only the canonical zones; UTC is still a choice people make.
    ids.add('UTC');
    cached = [...ids].sort().map(option);
  }
  return cached;
}

/** Zones whose name (or offset) contains every word typed, with `current` kept when not listed. */
export function searchZones(query: string, current?: string): ZoneOption[] {
  const zones = allZones();
  const listed =
    current && !zones.some((zone) => zone.id === current) ? [option(current), ...zones] : zones;
  const words = query
    .toLowerCase()
    .replaceAll('_', ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  if (words.length === 0) return listed;
  return listed.filter((zone) => words.every((word) => zone.search.includes(word)));
}
