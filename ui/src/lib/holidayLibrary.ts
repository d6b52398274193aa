// Public holidays from the holiday library (date-holidays: countries and their regions, kept up
// to date by its maintainers), loaded only when a calendar is filled, so the timeline's own code
// stays small. A region is written `JP`, `DE-BY`, `US-CA` (as the Rust side checks it).
import type { HolidayInput } from "../ipc";

type Library = typeof import("date-holidays");
let library: Promise<Library> | null = null;
const load = (): Promise<Library> => {
  library ??= import("date-holidays");
  return library;
};

async function make(region?: string) {
  const { default: Holidays } = await load();
  if (!region) return new Holidays();
  const [country, state, part] = region.split("-");
  return new Holidays(country ?? "", state ?? "", part ?? "");
}

/** The countries the library knows, by code, named in `lang`. */
export async function countries(lang: string): Promise<Record<string, string>> {
  return (await make()).getCountries(lang) ?? {};
}

/** A country's regions (states, provinces), by code, named in `lang`; empty when it has none. */
export async function regions(country: string, lang: string): Promise<Record<string, string>> {
  return (await make()).getStates(country, lang) ?? {};
}

/** The public holidays of `region` in the years `[from, to]`, named in `lang`, by day. */
export async function publicHolidays(
  region: string,
  from: number,
  to: number,
  lang: string,
): Promise<HolidayInput[]> {
  const hd = await make(region);
  const out = new Map<string, string>();
  for (let year = from; year <= to; year++)
    for (const h of hd.getHolidays(year, lang) || [])
      if (h.type === "public") {
        const day = h.date.slice(0, 10);
        if (!out.has(day)) out.set(day, h.name);
      }
  return [...out].map(([day, name]) => ({ day, name })).sort((a, b) => a.day.localeCompare(b.day));
}
