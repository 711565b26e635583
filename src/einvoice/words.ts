/** How amounts and dates read on a German invoice, in plain characters (no locale data). */

/** 2725 (hundredths) → "27,25"; 123456 → "1.234,56". */
export function germanAmount(hundredths: number): string {
  const rounded = Math.round(hundredths);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${whole},${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-02-16" → "16.02.2026". */
export function germanDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}
