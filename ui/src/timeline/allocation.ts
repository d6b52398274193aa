// An assignment's allocation as the timeline writes it on a bar and in its tooltip: "4h", "50 %",
// "40h in all" (nothing for the whole working day, what every assignment was before allocations).
import type { Lang } from "../i18n";
import type { AllocationDto } from "../ipc";

/** The person's whole working day: what an assignment is unless it says otherwise. */
export const FULL_DAY: AllocationDto = { kind: "percent", value: 100 };

export const isFullDay = (a: AllocationDto): boolean => a.kind === "percent" && a.value === 100;

/** Minutes as hours, as people write them: 90 → "1.5", 480 → "8". */
export function hoursOf(minutes: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(minutes / 60);
}

/** A short text for a bar: "4h" / "4時間", "50 %", "40h in all" / "計40時間"; "" for the whole day. */
export function allocationText(a: AllocationDto, lang: Lang): string {
  if (isFullDay(a)) return "";
  const h = hoursOf(a.value, lang);
  switch (a.kind) {
    case "hoursPerDay":
      return lang === "ja" ? `${h}時間` : `${h}h`;
    case "percent":
      return new Intl.NumberFormat(lang, { style: "percent" }).format(a.value / 100);
    case "total":
      return lang === "ja" ? `計${h}時間` : `${h}h in all`;
  }
}
