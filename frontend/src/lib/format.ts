/** 60 → "60 minutes", 480 → "8 hours", 1440 → "Overnight". */
export function formatDuration(minutes: number): string {
  if (minutes >= 1440) return 'Overnight';
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  if (minutes > 60 && minutes % 30 === 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
