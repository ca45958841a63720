/** "just now", "5 min ago", "3 h ago", or a date: how a participant reads when something last happened. */
export function timeAgo(ms: number | null, now = Date.now()): string {
  if (ms === null) return 'never';
  const s = Math.round((now - ms) / 1000);
  if (s < 10) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return new Date(ms).toLocaleString();
}
