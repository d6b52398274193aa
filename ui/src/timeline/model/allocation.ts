// An assignment's allocation as the timeline writes it on a bar and in its tooltip: "4h", "50 %",
// "40h in all" (nothing for the whole working day, what every assignment was before allocations).
import type { Lang } from "../../i18n";
import type { AllocationDto } from "../../ipc";

/** The person's whole working day: what an assignment is unless it says otherwise. */
export const FULL_DAY: AllocationDto = { kind: "percent", value: 100 };

export const isFullDay = (a: AllocationDto): boolean => a.kind === "percent" && a.value === 100;

// One formatter per language: bars' texts are made on every layout of the rows in view.
const hourFormats = new Map<string, Intl.NumberFormat>();
const percentFormats = new Map<string, Intl.NumberFormat>();

/** Minutes as hours, as people write them: 90 → "1.5", 480 → "8". */
export function hoursOf(minutes: number, lang: Lang): string {
  let f = hourFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    hourFormats.set(lang, f);
  }
  return f.format(minutes / 60);
}

/** A short text for a bar: "4h" / "4時間", "50 %", "40h in all" / "計40時間"; "" for the whole day. */
export function allocationText(a: AllocationDto, lang: Lang): string {
  if (isFullDay(a)) return "";
  const h = hoursOf(a.value, lang);
  switch (a.kind) {
    case "hoursPerDay":
      return lang === "ja" ? `${h}時間` : `${h}h`;
    case "percent": {
      let f = percentFormats.get(lang);
      if (!f) {
        f = new Intl.NumberFormat(lang, { style: "percent" });
        percentFormats.set(lang, f);
      }
      return f.format(a.value / 100);
    }
    case "total":
      return lang === "ja" ? `計${h}時間` : `${h}h in all`;
  }
}

/** The dialog's allocation: which way it is given, and the amount as typed. */
export type AllocationChoice = "full" | AllocationDto["kind"];
export interface AllocationForm {
  choice: AllocationChoice;
  amount: string;
}

/** The form showing `a` (hours with a decimal point, "2.5", which every language here reads). */
export function formOf(a: AllocationDto): AllocationForm {
  if (isFullDay(a)) return { choice: "full", amount: "" };
  return { choice: a.kind, amount: String(a.kind === "percent" ? a.value : a.value / 60) };
}

/** The most a value may be on the wire (a u32 on the Rust side; the Rust side refuses what is
 * out of its range with a sentence, so only what it cannot even read is stopped here). */
const MOST = 2 ** 31;

/**
 * What the form says, or `null` when the amount is not a number (hours: "4", "2.5", "2,5";
 * a share: a whole number). Whether it is in range — hours in quarter hours up to 24 a day, a
 * share of 1–100 %, a total that fits its days — the Rust side checks and says.
 */
export function allocationFrom(f: AllocationForm): AllocationDto | null {
  if (f.choice === "full") return FULL_DAY;
  const text = f.amount.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  if (f.choice === "percent") return Number.isInteger(n) && n < MOST ? { kind: "percent", value: n } : null;
  const minutes = Math.round(n * 60);
  return minutes < MOST ? { kind: f.choice, value: minutes } : null;
}
