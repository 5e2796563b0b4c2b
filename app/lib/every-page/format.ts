// Display formats of SPEC §9: durations (money: app/lib/money.ts; instants at the guesthouse: app/lib/owner-time.ts).

/** '45 min' under an hour, otherwise '1 h', '1 h 30' style: '2 h 05 min' → '2 h 5 min'. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
